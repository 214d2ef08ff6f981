import type { Connection } from '@shm/platform/mongo';
import type { OwnPriceHistory } from '../ports';

const DAY_MS = 86_400_000;

/** The fields read of a network_history bucket (data-access/network-history.repository.ts writes them). */
interface BucketDoc {
  _id: string;
  kind: 'm5' | 'h1';
  t: Date;
  priceUsd?: number | null;
}

/**
 * The product's own USD price history: the network history buckets (`network_history`, 5-minute ones
 * for the last HISTORY_RAW_RETENTION_HOURS, hourly ones for HISTORY_HOURLY_RETENTION_DAYS). A day's
 * price is the one in its latest bucket that has a price. Read here, not through the history store,
 * because its `read` answers fixed ranges back from now and this needs any span of days.
 */
export function ownPriceHistory(connection: Connection): OwnPriceHistory {
  return {
    async lastPricePerDay(fromDay, toDay) {
      const db = connection.db;
      if (!db) throw new Error('mongo is not connected');
      const from = new Date(`${fromDay}T00:00:00.000Z`);
      const to = new Date(Date.parse(`${toDay}T00:00:00.000Z`) + DAY_MS);
      const found = new Map<string, number>();
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to <= from) return found;
      // Uses the history's { kind, t } index; oldest first, so each day ends on its latest bucket.
      const docs = db
        .collection<BucketDoc>('network_history')
        .find({ kind: { $in: ['m5', 'h1'] }, t: { $gte: from, $lt: to } }, { projection: { t: 1, priceUsd: 1 } })
        .sort({ t: 1 });
      for await (const doc of docs) {
        // A bucket polled while the feed was down has no price; zero is a feed failure, not a price.
        if (typeof doc.priceUsd !== 'number' || !(doc.priceUsd > 0) || !(doc.t instanceof Date)) continue;
        found.set(doc.t.toISOString().slice(0, 10), doc.priceUsd);
      }
      return found;
    },
  };
}
