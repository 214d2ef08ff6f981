import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '@shm/contracts';
import { AppError } from './app-error';
import { errorReply } from './error-middleware';
import type { Logger } from './logger';
import { REQUEST_ID_HEADER, requestIdOf } from './request-context';

export interface InFlightLimitOptions {
  /** Requests this process works on at once; one more is refused at once. */
  max: number;
  /** What a refused caller is told to wait, in seconds (`Retry-After`). */
  retryAfterSeconds: number;
  /** Paths never counted nor refused: health probes, and event streams (capped on their own). */
  exempt: (path: string) => boolean;
  logger: Logger;
  /** At most one log line per this many ms tells how many were refused since the last (10 s). */
  logEveryMs?: number;
}

export interface InFlightLimit {
  /**
   * Counts the request until its reply closes and answers true, or answers it 503 OVERLOADED with
   * `Retry-After` (in the standard error shape) and answers false.
   */
  admit(req: IncomingMessage, res: ServerResponse): boolean;
  readonly inFlight: number;
  /** Requests refused since the process started. */
  readonly refused: number;
}

const MESSAGE = 'The server is busy; try again shortly';

/** The path without its query: this runs before any router has parsed the request. */
const pathOf = (url = '/') => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

/**
 * Load shedding: a bound on the requests a process has in flight. Past the machine's capacity,
 * requests queue in the process and every caller waits longer (latency grows without limit while
 * the rate served stays flat); refusing the excess at once, before any other work, keeps the wait of
 * those served bounded, and the process recovers as soon as the load drops. The refusal costs a
 * fraction of a served request: no request log line (one summary line per `logEveryMs` instead),
 * no routing, no upstream. Our own: the maintained limiters bound requests per client and time
 * window (express-rate-limit) or shed on event-loop lag (toobusy-style), not requests in flight.
 */
export function inFlightLimit({ max, retryAfterSeconds, exempt, logger, logEveryMs = 10_000 }: InFlightLimitOptions): InFlightLimit {
  let inFlight = 0;
  let refused = 0;
  let refusedSinceLog = 0;
  let logTimer: NodeJS.Timeout | undefined;
  const release = () => {
    inFlight -= 1;
  };
  const logRefusals = () => {
    logger.warn({ refused: refusedSinceLog, inFlight, max }, 'load shed: requests refused with 503 OVERLOADED');
    refusedSinceLog = 0;
    logTimer = undefined;
  };
  const refuse = (req: IncomingMessage, res: ServerResponse) => {
    refused += 1;
    refusedSinceLog += 1;
    logTimer ??= setTimeout(logRefusals, logEveryMs).unref();
    const requestId = requestIdOf(req);
    const body = JSON.stringify(errorReply(new AppError(ErrorCode.OVERLOADED, 503, MESSAGE), requestId));
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'retry-after': String(retryAfterSeconds),
      [REQUEST_ID_HEADER]: requestId,
    });
    res.end(body);
  };
  return {
    get inFlight() {
      return inFlight;
    },
    get refused() {
      return refused;
    },
    admit(req, res) {
      if (exempt(pathOf(req.url))) return true;
      if (inFlight >= max) {
        refuse(req, res);
        return false;
      }
      inFlight += 1;
      res.once('close', release);
      return true;
    },
  };
}
