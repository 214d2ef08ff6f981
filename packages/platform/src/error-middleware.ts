import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ErrorCode, type ErrorReply } from '@shm/contracts';
import { AppError } from './app-error';
import type { Logger } from './logger';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  const type = (err as BodyParserError | undefined)?.type;
  if (type === 'entity.parse.failed') return new AppError(ErrorCode.INVALID_JSON, 400, 'Request body is not valid JSON');
  if (type === 'entity.too.large') return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 413, 'Request body is too large');
  // The client hung up mid-body: its own doing, and nobody is left to read the reply; not a 500.
  if (type === 'request.aborted') return new AppError(ErrorCode.VALIDATION_FAILED, 400, 'Request body was cut off before it was complete');
  if (type === 'charset.unsupported' || type === 'encoding.unsupported')
    return new AppError(ErrorCode.VALIDATION_FAILED, 415, 'Unsupported request encoding');
  // The router could not decode a path parameter (a malformed %-escape such as `/%zz`): the client's mistake.
  if (err instanceof URIError) return new AppError(ErrorCode.VALIDATION_FAILED, 400, 'The path holds a malformed %-escape');
  return undefined;
}

export function errorReply(err: AppError, requestId?: string): ErrorReply {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.fields ? { fields: err.fields } : {}),
      ...(requestId ? { requestId } : {}),
    },
  };
}

/** The one way an error is answered: known errors keep their code; anything else is a 500 that leaks nothing. */
export function sendError(err: unknown, req: IncomingMessage, res: ServerResponse, logger: Logger): void {
  const requestId = req.id;
  if (res.headersSent) return void res.destroy(err instanceof Error ? err : undefined);
  const known = toAppError(err);
  if (known && known.status >= 500) logger.error({ err, requestId }, known.message);
  if (!known) logger.error({ err, requestId }, 'unhandled error');
  const error = known ?? new AppError(ErrorCode.INTERNAL, 500, 'Internal server error');
  const out = JSON.stringify(errorReply(error, requestId));
  res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(out) });
  res.end(out);
}

/** The error handler of every express app (sendError). */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => sendError(err, req, res, logger);
}

export const notFoundHandler: RequestHandler = (req) => {
  throw AppError.notFound(`No route for ${req.method} ${req.path}`);
};
