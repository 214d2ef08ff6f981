import { Schema, type Connection } from 'mongoose';
import { NodeChangeSchema, type NodeChange } from '@shm/contracts';
import type { ActivityStore } from '../domain/ports';
import { insertOnce } from './duplicate-key';

interface ActiveDoc {
  /** The node's public key. */
  _id: string;
  sinceCycle: number;
  /** The `activated` change: a stuck-active alert names it. */
  change: NodeChange;
  stuck: boolean;
}

interface PeriodDoc {
  /** The departure's change id: one sample per period, however often the event is handled. */
  _id: string;
  cycles: number;
  cycle: number;
  /** Samples older than KEEP_MS are deleted as new ones come (FerretDB has no TTL indexes); the P99 is over the newest anyway. */
  at: Date;
}

const activeSchema = new Schema<ActiveDoc>({ _id: String, sinceCycle: Number, change: Schema.Types.Mixed, stuck: Boolean }, { versionKey: false });
activeSchema.index({ stuck: 1, sinceCycle: 1 });
const periodSchema = new Schema<PeriodDoc>({ _id: String, cycles: Number, cycle: Number, at: Date }, { versionKey: false });
periodSchema.index({ cycle: -1 });
periodSchema.index({ at: 1 });
const KEEP_MS = 90 * 86_400_000;

/** Active nodes in `alert_active_nodes`, ended periods in `alert_active_periods` (the stuck-active trigger). */
export async function activityRepository(connection: Connection): Promise<ActivityStore> {
  const Active = connection.model<ActiveDoc>('AlertActiveNode', activeSchema, 'alert_active_nodes');
  const Periods = connection.model<PeriodDoc>('AlertActivePeriod', periodSchema, 'alert_active_periods');
  await Promise.all([Active.createIndexes(), Periods.createIndexes()]);
  return {
    async started(change) {
      await Active.collection.replaceOne({ _id: change.publicKey } as never, { sinceCycle: change.cycle, change, stuck: false }, { upsert: true });
    },
    async ended(publicKey, { id, cycles, cycle }) {
      const at = new Date();
      if (await insertOnce(() => Periods.collection.insertOne({ _id: id, cycles, cycle, at } as never))) {
        await Periods.deleteMany({ at: { $lt: new Date(at.getTime() - KEEP_MS) } });
      }
      await Active.deleteOne({ _id: publicKey });
    },
    async recentLengths(limit) {
      const docs = await Periods.find({}, { cycles: 1 }).sort({ cycle: -1 }).limit(limit).lean<Pick<PeriodDoc, 'cycles'>[]>();
      return docs.map((doc) => doc.cycles);
    },
    async activeSince(cycle) {
      const docs = await Active.find({ stuck: false, sinceCycle: { $lte: cycle } }).limit(500).lean<ActiveDoc[]>();
      return docs.map((doc) => NodeChangeSchema.parse(doc.change));
    },
    async markStuck(publicKey) {
      await Active.updateOne({ _id: publicKey }, { $set: { stuck: true } });
    },
  };
}
