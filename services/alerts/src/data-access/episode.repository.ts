import { Schema, type Connection } from 'mongoose';
import type { EpisodeState } from '../domain/episodes';
import type { EpisodeStore } from '../domain/ports';

interface EpisodeDoc {
  /** `<publicKey>:<wallet>`: one episode state per node and wallet. */
  _id: string;
  publicKey: string;
  wallet: string;
  state: EpisodeState;
  /** When the open episode's next reminder is due; null while none is open (the reminder sweep's index). */
  dueAt: Date | null;
  updatedAt: Date;
}

const schema = new Schema<EpisodeDoc>(
  { _id: String, publicKey: String, wallet: String, state: Schema.Types.Mixed, dueAt: Date, updatedAt: Date },
  { versionKey: false },
);
schema.index({ dueAt: 1 });

/** Ids per lookup of many episodes (an event of 1 000 wallets watching 10 changed nodes each asks 10 000). */
const ID_BATCH = 1_000;
/** Reminders sent per sweep at most; the rest wait for the next event (a cycle later). */
const DUE_BATCH = 500;

/** Episode states in `alert_episodes` (docs/alerts.md, "Episodes"). */
export async function episodeRepository(connection: Connection): Promise<EpisodeStore> {
  const Episodes = connection.model<EpisodeDoc>('AlertEpisode', schema, 'alert_episodes');
  await Episodes.createIndexes();
  return {
    async get(publicKey, wallet) {
      const doc = await Episodes.findById(`${publicKey}:${wallet}`).lean<EpisodeDoc>();
      return doc?.state ?? null;
    },
    async getMany(pairs) {
      const states = new Map<string, EpisodeState>();
      const ids = [...new Set(pairs.map(({ publicKey, wallet }) => `${publicKey}:${wallet}`))];
      for (let i = 0; i < ids.length; i += ID_BATCH) {
        const docs = await Episodes.find({ _id: { $in: ids.slice(i, i + ID_BATCH) } }).lean<EpisodeDoc[]>();
        for (const doc of docs) states.set(doc._id, doc.state);
      }
      return states;
    },
    async save(publicKey, wallet, state) {
      const dueAt = state.open ? new Date(state.open.nextReminderAt) : null;
      await Episodes.collection.replaceOne(
        { _id: `${publicKey}:${wallet}` } as never,
        { publicKey, wallet, state, dueAt, updatedAt: new Date() },
        { upsert: true },
      );
    },
    async due(now) {
      const docs = await Episodes.find({ dueAt: { $ne: null, $lte: now } }).sort({ dueAt: 1 }).limit(DUE_BATCH).lean<EpisodeDoc[]>();
      return docs.map((doc) => ({ publicKey: doc.publicKey, wallet: doc.wallet, state: doc.state }));
    },
  };
}
