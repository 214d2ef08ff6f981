import { Schema, type Connection } from 'mongoose';
import type { AlertChannel } from '@shm/contracts';
import type { AlertDestinationRecord, DestinationStore } from '../domain/ports';

/** As stored since alerts lived in the dashboard: `_id` the record id, `wallet` the owner, dates as Dates. */
interface DestinationDoc {
  _id: string;
  wallet: string;
  channel: AlertChannel;
  label: string;
  url: string;
  chatId: string | null;
  /** Missing on destinations stored before webhooks were signed. */
  secret?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const schema = new Schema<DestinationDoc>(
  { _id: String, wallet: String, channel: String, label: String, url: String, chatId: String, secret: String, createdAt: Date, updatedAt: Date },
  { versionKey: false },
);
schema.index({ wallet: 1, createdAt: -1 });

const toRecord = (doc: DestinationDoc): AlertDestinationRecord => ({
  id: doc._id,
  walletAddress: doc.wallet,
  channel: doc.channel,
  label: doc.label,
  url: doc.url,
  chatId: doc.chatId ?? null,
  secret: doc.secret ?? null,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

const WALLETS_PER_READ = 2_000;

/**
 * Alert destinations in `alert_destinations`; the URL is kept whole and never leaves the service.
 * Every query filters on the owner, so another wallet's id behaves exactly like one that does not exist.
 */
export async function alertDestinationRepository(connection: Connection): Promise<DestinationStore> {
  const Destinations = connection.model<DestinationDoc>('AlertDestination', schema, 'alert_destinations');
  await Destinations.createIndexes();
  return {
    async list(wallet) {
      const docs = await Destinations.find({ wallet }).sort({ createdAt: -1, _id: -1 }).lean<DestinationDoc[]>();
      return docs.map(toRecord);
    },
    async ofWallets(wallets) {
      const found = new Map<string, AlertDestinationRecord[]>(wallets.map((wallet) => [wallet, []]));
      // In slices, as the other reads of many keys: one query's parameters stay bounded.
      for (let i = 0; i < wallets.length; i += WALLETS_PER_READ) {
        const docs = await Destinations.find({ wallet: { $in: wallets.slice(i, i + WALLETS_PER_READ) } }).sort({ createdAt: -1, _id: -1 }).lean<DestinationDoc[]>();
        for (const doc of docs) found.get(doc.wallet)?.push(toRecord(doc));
      }
      return found;
    },
    async get(wallet, id) {
      const doc = await Destinations.findOne({ _id: id, wallet }).lean<DestinationDoc>();
      return doc ? toRecord(doc) : null;
    },
    count: (wallet) => Destinations.countDocuments({ wallet }),
    async insert({ id, walletAddress, createdAt, updatedAt, ...fields }) {
      await Destinations.collection.insertOne({ ...fields, _id: id, wallet: walletAddress, createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) } as never);
    },
    async remove(wallet, id) {
      return (await Destinations.deleteOne({ _id: id, wallet })).deletedCount === 1;
    },
    async setSecret(wallet, id, secret, at) {
      return (await Destinations.updateOne({ _id: id, wallet }, { $set: { secret, updatedAt: new Date(at) } })).matchedCount === 1;
    },
  };
}
