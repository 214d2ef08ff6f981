import type { Logger } from '@shm/platform';
import type { PriceFeedPort, PriceStore, SourceOutcomes } from './ports';
import { RateLimitedError } from './rate-limited-error';

/** Spec §7: the price is served rounded to 4 decimals. */
export const roundPrice = (price: number) => Math.round(price * 10_000) / 10_000;

/** Without a `Retry-After`, the wait after the n-th 429 in a row is 2^(n-1) poll intervals, at most this many. */
const MAX_BACKOFF_INTERVALS = 16;

/**
 * When the price feed said "too many requests", the polls to skip. Kept in memory, per process: each
 * replica running the poll worker backs off on its own, which at worst costs one extra 429 per
 * replica; nothing is lost on a restart but the wait.
 */
export function priceBackoff(pollIntervalMs: number) {
  let until = Number.NEGATIVE_INFINITY;
  let inARow = 0;
  // Schedulers fire a little early or late; a poll this close to its turn is on time.
  const slack = pollIntervalMs / 10;
  return {
    /** The time (ms) before which polls are skipped. */
    get until() {
      return until;
    },
    skips: (now: number) => now < until,
    rateLimited(err: RateLimitedError, now: number) {
      inARow++;
      if (err.retryAfterMs !== undefined) until = now + err.retryAfterMs;
      else until = now + Math.min(2 ** (inARow - 1), MAX_BACKOFF_INTERVALS) * pollIntervalMs - slack;
    },
    answered() {
      inARow = 0;
      until = Number.NEGATIVE_INFINITY;
    },
  };
}
export type PriceBackoff = ReturnType<typeof priceBackoff>;

/**
 * Fetches the price and stores it; on failure the stored price stays and is marked stale. After a
 * 429 the polls are skipped (no call, no outcome) until the feed's wait has passed; the stored price
 * stays marked stale meanwhile.
 */
export async function pollPrice(deps: {
  feed: PriceFeedPort;
  prices: PriceStore;
  logger: Logger;
  now?: () => number;
  outcomes?: SourceOutcomes;
  /** Shared by every poll of this process; without it a 429 is a failure like any other. */
  backoff?: PriceBackoff;
}) {
  const now = deps.now ?? Date.now;
  if (deps.backoff?.skips(now())) {
    deps.logger.debug({ until: new Date(deps.backoff.until).toISOString() }, 'price poll skipped: the feed asked us to wait');
    return;
  }
  let answered = false;
  try {
    const quote = await deps.feed.latest();
    answered = true;
    deps.backoff?.answered();
    deps.outcomes?.record('price', true);
    await deps.prices.save({ quote: { ...quote, price: roundPrice(quote.price) }, fetchedAt: now(), stale: false });
  } catch (err) {
    // Only the feed's failure is the source's; a failed save is Redis's.
    if (!answered) deps.outcomes?.record('price', false);
    if (err instanceof RateLimitedError) deps.backoff?.rateLimited(err, now());
    deps.logger.warn({ reason: err instanceof Error ? err.message : String(err) }, 'price fetch failed; last price marked stale');
    await deps.prices.markStale();
  }
}
