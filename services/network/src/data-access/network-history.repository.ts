import { Schema, type Connection } from 'mongoose';
import { NetworkHistoryPointSchema, type HistoryRange, type NetworkHistoryPoint } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import { isDuplicateKeyError } from '@shm/platform/mongo';
import { averagePoints, bucketStart, byHour, FIVE_MINUTES_MS, HOUR_MS, pointOf } from '../domain/history-buckets';
import type { NetworkHistoryStore } from '../domain/ports';

type Kind = 'm5' | 'h1';

/** One bucket: `_id` is `<kind>:<start ISO>`, so a bucket can be inserted once only (the unique `_id`). */
type HistoryDoc = Omit<NetworkHistoryPoint, 't'> & { _id: string; kind: Kind; t: Date };

const schema = new Schema<HistoryDoc>(
  {
    _id: String,
    kind: String,
    t: Date,
    active: Number,
    standby: Number,
    community: Number,
    foundation: Number,
    priceUsd: Number,
    rewardPerHour: Number,
    stakeRequired: Number,
    estimate: Boolean,
  },
  { versionKey: false },
);
schema.index({ kind: 1, t: 1 });

const DAY_MS = 24 * HOUR_MS;
const RANGES: Record<HistoryRange, { ms: number; kind: Kind }> = {
  '24h': { ms: DAY_MS, kind: 'm5' },
  '7d': { ms: 7 * DAY_MS, kind: 'h1' },
  '30d': { ms: 30 * DAY_MS, kind: 'h1' },
};
/** The contract's cap on points (NetworkHistoryReplySchema); 30 d of hours is 720, so this only guards the reply's shape. */
const MAX_POINTS = 5000;

export interface HistoryRetention {
  /** 5-minute buckets older than this are dropped. */
  rawRetentionHours: number;
  /** Hourly buckets older than this are dropped. */
  hourlyRetentionDays: number;
  logger?: Logger;
}

/**
 * The network history in `network_history`. Only inserts, finds and deletes, so it behaves alike on
 * MongoDB and FerretDB; rollups are plain documents written once (no TTL index, no aggregation).
 */
export async function networkHistoryRepository(connection: Connection, options: HistoryRetention): Promise<NetworkHistoryStore> {
  const Buckets = connection.model<HistoryDoc>('NetworkHistoryBucket', schema, 'network_history');
  await Buckets.createIndexes();

  const insertOnce = async (kind: Kind, point: NetworkHistoryPoint) => {
    const { t, ...fields } = point;
    try {
      await Buckets.collection.insertOne({ _id: `${kind}:${t}`, kind, t: new Date(t), ...fields } as never);
    } catch (err) {
      // Another replica, or an earlier poll, wrote this bucket first: the first write stands.
      if (!isDuplicateKeyError(err)) throw err;
    }
  };

  const points = async (kind: Kind, timeRange: { $gt?: Date; $gte?: Date; $lt?: Date; $lte?: Date }) => {
    const docs = await Buckets.find({ kind, t: timeRange }).sort({ t: 1 }).lean<HistoryDoc[]>();
    return docs.flatMap((doc) => {
      const parsed = NetworkHistoryPointSchema.safeParse({ ...doc, t: doc.t instanceof Date ? doc.t.toISOString() : doc.t });
      if (parsed.success) return [parsed.data];
      options.logger?.warn({ id: doc._id, issues: parsed.error.issues.slice(0, 3) }, 'network history: skipped a stored bucket that does not fit the contract');
      return [];
    });
  };

  return {
    async record(snapshot, priceUsd, at) {
      await insertOnce('m5', pointOf(snapshot, priceUsd, at));
    },

    async rollUp(now) {
      const currentHour = bucketStart(now, HOUR_MS);
      // Only hours after the newest rollup: the work stays one hour's buckets per call in steady state.
      const newest = await Buckets.findOne({ kind: 'h1' }).sort({ t: -1 }).lean<HistoryDoc>();
      const since = newest ? { $gte: new Date(newest.t.getTime() + HOUR_MS) } : {};
      for (const { hour, points: raw } of byHour(await points('m5', { ...since, $lt: currentHour }))) {
        await insertOnce('h1', averagePoints(raw, hour));
      }
      await Buckets.deleteMany({ kind: 'm5', t: { $lt: new Date(now.getTime() - options.rawRetentionHours * HOUR_MS) } });
      await Buckets.deleteMany({ kind: 'h1', t: { $lt: new Date(now.getTime() - options.hourlyRetentionDays * DAY_MS) } });
    },

    async read(range, now) {
      const { ms, kind } = RANGES[range];
      const from = new Date(now.getTime() - ms);
      const stored = await points(kind, { $gt: from, $lte: now });
      if (kind === 'm5') return { range, bucketSeconds: FIVE_MINUTES_MS / 1000, points: stored.slice(-MAX_POINTS) };
      // Hours not rolled up yet (the current one at least) are averaged here, so the chart ends now.
      const lastHour = stored.at(-1);
      const pending = await points('m5', { $gte: lastHour ? new Date(Date.parse(lastHour.t) + HOUR_MS) : bucketStart(from, HOUR_MS), $lte: now });
      const recent = byHour(pending)
        .filter(({ hour }) => hour > from)
        .map(({ hour, points: raw }) => averagePoints(raw, hour));
      return { range, bucketSeconds: HOUR_MS / 1000, points: [...stored, ...recent].slice(-MAX_POINTS) };
    },
  };
}
