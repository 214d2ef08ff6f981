import type { RequestHandler } from 'express';
import { ErrorCode } from '@shm/contracts';
import { AppError } from '@shm/platform';

/**
 * Refuses bodies larger than the limit before they reach a service: a declared length is checked
 * at once, a streamed one is counted as it arrives.
 */
export function bodyLimit(maxBytes: number): RequestHandler {
  const tooLarge = () => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 413, `Request body is larger than ${maxBytes} bytes`);
  return (req, _res, next) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBytes) return next(tooLarge());
    if (req.headers['transfer-encoding']) {
      let seen = 0;
      req.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > maxBytes) req.destroy(tooLarge());
      });
    }
    next();
  };
}
