import type { ErrorRequestHandler } from 'express';
import { ErrorCode } from '@shm/contracts';
import { AppError } from './app-error';

const UNAVAILABLE = /^(MongoServerSelectionError|MongooseServerSelectionError|MongoNetworkError|MongoNetworkTimeoutError|MongoNotConnectedError|MaxRetriesPerRequestError)$/;
const REDIS_DOWN = /Connection is closed|Stream isn't writeable|ECONNREFUSED/;

/** Redis or MongoDB out of reach is a 503 the caller may retry, not a 500. Mount after the routes. */
export function unavailableErrors(message: string): ErrorRequestHandler {
  return (err, _req, _res, next) => {
    const error = err as Error | undefined;
    if (error && !(error instanceof AppError) && (UNAVAILABLE.test(error.name) || REDIS_DOWN.test(error.message ?? ''))) {
      return next(new AppError(ErrorCode.SERVICE_UNAVAILABLE, 503, message));
    }
    next(err);
  };
}
