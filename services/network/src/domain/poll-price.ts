import type { Logger } from '@shm/platform';
import type { PriceFeedPort, PriceStore, SourceOutcomes } from './ports';

/** Spec §7: the price is served rounded to 4 decimals. */
export const roundPrice = (price: number) => Math.round(price * 10_000) / 10_000;

/** Fetches the price and stores it; on failure the stored price stays and is marked stale. */
export async function pollPrice(deps: { feed: PriceFeedPort; prices: PriceStore; logger: Logger; now?: () => number; outcomes?: SourceOutcomes }) {
  let answered = false;
  try {
    const quote = await deps.feed.latest();
    answered = true;
    deps.outcomes?.record('price', true);
    await deps.prices.save({ quote: { ...quote, price: roundPrice(quote.price) }, fetchedAt: (deps.now ?? Date.now)(), stale: false });
  } catch (err) {
    // Only the feed's failure is the source's; a failed save is Redis's.
    if (!answered) deps.outcomes?.record('price', false);
    deps.logger.warn({ reason: err instanceof Error ? err.message : String(err) }, 'price fetch failed; last price marked stale');
    await deps.prices.markStale();
  }
}
