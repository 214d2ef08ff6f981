import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { ErrorCode } from '@shm/contracts';
import { AppError } from '@shm/platform';

/**
 * Refuses bodies larger than the limit before they reach a route or a service. A declared length
 * is checked at once. A chunked body (no length) is read up to the limit first and then put back on
 * the request whole, with its length declared: a service never gets part of a body the gateway
 * refuses, and no chunk is read before the route or proxy that owns the body is listening. The
 * refusal is a 413 in the error shape; drainUnreadBody then reads off what the client still sends.
 * Not raw-body (express's body reader): it consumes the body, and a proxied one must go on unread.
 */
export function bodyLimit(maxBytes: number): RequestHandler {
  const tooLarge = () => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 413, `Request body is larger than ${maxBytes} bytes`);
  // Synchronous unless a chunked body must be read: most requests cost no promise here.
  return (req, _res, next) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
    if (req.headers['transfer-encoding'] === undefined) return next();
    return peekWholeBody(req, maxBytes).then((size) => {
      if (size === undefined) throw tooLarge();
      delete req.headers['transfer-encoding'];
      req.headers['content-length'] = String(size);
      next();
    });
  };
}

/**
 * Reads the body without consuming it: resolves with its size once it is all in (the bytes go back
 * to the front of the stream), or undefined as soon as it passes `maxBytes`. The stream is left
 * paused and unread, as if nobody had touched it.
 */
function peekWholeBody(req: IncomingMessage, maxBytes: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('readable', onReadable);
      req.off('close', onClose);
    };
    const onReadable = () => {
      for (let chunk: Buffer | null; (chunk = req.read() as Buffer | null) !== null; ) {
        chunks.push(chunk);
        size += chunk.length;
        if (size > maxBytes) {
          stop();
          resolve(undefined);
          return;
        }
      }
      if (!req.complete) return;
      stop();
      // Put back before returning: 'end' is due on the next tick if the stream is left empty.
      if (size > 0) req.unshift(Buffer.concat(chunks, size));
      resolve(size);
    };
    const onClose = () => {
      stop();
      reject(new AppError(ErrorCode.VALIDATION_FAILED, 400, 'Request body was cut off before it was complete'));
    };
    req.on('readable', onReadable);
    req.on('close', onClose);
    // A short body may be all in already, with no 'readable' still to come.
    onReadable();
  });
}
