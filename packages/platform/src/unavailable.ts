import type { ErrorRequestHandler } from 'express';
import { ErrorCode } from '@shm/contracts';
import { AppError } from './app-error';

const UNAVAILABLE = /^(MongoServerSelectionError|MongooseServerSelectionError|MongoNetworkError|MongoNetworkTimeoutError|MongoNotConnectedError|MaxRetriesPerRequestError)$/;
const REDIS_DOWN = /Connection is closed|Stream isn't writeable|ECONNREFUSED/;

/** Redis or MongoDB out of reach is a 503 the caller may retry (with `message`), not a 500; any other error as it is. */
export function toUnavailable(err: unknown, message: string | undefined): unknown {
  const error = err as Error | undefined;
  if (message === undefined || !error || error instanceof AppError) return err;
  return UNAVAILABLE.test(error.name) || REDIS_DOWN.test(error.message ?? '') ? new AppError(ErrorCode.SERVICE_UNAVAILABLE, 503, message) : err;
}

/** `toUnavailable` as express error middleware. Mount after the routes. */
export function unavailableErrors(message: string): ErrorRequestHandler {
  return (err, _req, _res, next) => next(toUnavailable(err, message));
}
