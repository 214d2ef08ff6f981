import type { PriceCurrency } from '@shm/contracts';
import { isDuplicateKeyError, type Connection } from '@shm/platform/mongo';
import type { DayPriceCache } from '../ports';

/** One UTC day's price in one currency as the price API gave it: `_id` is `<currency>:<YYYY-MM-DD>`. */
interface DayPriceDoc {
  _id: string;
  currency: PriceCurrency;
  day: string;
  price: number;
  savedAt: Date;
}

/** `$in` lists are sent in slices of this many ids (a command stays far below the 16 MB limit). */
const SLICE = 1000;

/**
 * Past days' prices from the price API in `price_days`. A past day's price never changes, so a day is
 * inserted once and never updated: only inserts and finds, alike on MongoDB and FerretDB, and two
 * replicas saving the same day leave the first document standing.
 */
export function dayPriceCache(connection: Connection): Promise<DayPriceCache> {
  const db = connection.db;
  if (!db) return Promise.reject(new Error('mongo is not connected'));
  const days = db.collection<DayPriceDoc>('price_days');
  const idOf = (currency: PriceCurrency, day: string) => `${currency}:${day}`;

  return Promise.resolve({
    async get(currency, wanted) {
      const found = new Map<string, number>();
      const ids = [...new Set(wanted)].map((day) => idOf(currency, day));
      for (let i = 0; i < ids.length; i += SLICE) {
        for (const doc of await days.find({ _id: { $in: ids.slice(i, i + SLICE) } }).toArray()) {
          // A document that is not a price (written by hand, or by something else) is as good as none.
          if (doc.currency === currency && typeof doc.price === 'number' && Number.isFinite(doc.price) && doc.price >= 0) found.set(doc.day, doc.price);
        }
      }
      return found;
    },

    async save(currency, prices) {
      const docs = [...prices].map(([day, price]) => ({ _id: idOf(currency, day), currency, day, price, savedAt: new Date() }));
      if (docs.length === 0) return;
      try {
        await days.insertMany(docs, { ordered: false });
      } catch (err) {
        // Days saved before (by another replica or an earlier ask) keep their first price.
        const writeErrors = (err as { writeErrors?: { code?: number }[] }).writeErrors;
        if (!isDuplicateKeyError(err) && !(writeErrors && writeErrors.every((e) => e.code === 11000))) throw err;
      }
    },
  });
}
