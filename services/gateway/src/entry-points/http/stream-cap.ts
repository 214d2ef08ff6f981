import type { RequestHandler } from 'express';
import { pathOf, type OpenStreams } from '@shm/platform';

/**
 * The gateway's cap on open event streams (`STREAM_PATHS`), for this instance as a whole: the
 * gateway does not know the wallet yet when it counts (payments caps each wallet). Past it, 429
 * RATE_LIMITED with Retry-After, before any lookup or proxy work.
 */
export function streamCap(paths: readonly string[], streams: OpenStreams): RequestHandler {
  return (req, res, next) => {
    if (paths.includes(pathOf(req))) streams.admit(res);
    next();
  };
}
