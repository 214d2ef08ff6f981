import { Schema, type Connection } from 'mongoose';
import type { Delivery } from '@shm/contracts';
import type { AlertContent, DeliveryRecord, DeliveryStore } from '../domain/ports';
import { insertOnce } from './duplicate-key';

interface DeliveryDoc {
  /** The idempotency key: `<change id>:<destination id>` or `test:<uuid>:<destination id>`. */
  _id: string;
  wallet: string;
  destinationId: string;
  notificationId: string | null;
  status: Delivery['status'];
  attempts: number;
  lastError: string | null;
  test: boolean;
  /** What is sent, kept with the delivery so every attempt sends the same. */
  alert: AlertContent;
  createdAt: Date;
  updatedAt: Date;
}

const schema = new Schema<DeliveryDoc>(
  {
    _id: String,
    wallet: String,
    destinationId: String,
    notificationId: String,
    status: String,
    attempts: Number,
    lastError: String,
    test: Boolean,
    alert: Schema.Types.Mixed,
    createdAt: Date,
    updatedAt: Date,
  },
  { versionKey: false },
);
schema.index({ wallet: 1, createdAt: -1 });
schema.index({ wallet: 1, destinationId: 1 });

/** Only a delivery still under way takes an attempt's outcome: a late or repeated attempt cannot undo delivered or dead. */
const OPEN = { $in: ['pending', 'retrying'] };

const toRecord = (doc: DeliveryDoc): DeliveryRecord => ({
  id: doc._id,
  walletAddress: doc.wallet,
  destinationId: doc.destinationId,
  notificationId: doc.notificationId ?? null,
  status: doc.status,
  attempts: doc.attempts,
  lastError: doc.lastError ?? null,
  test: doc.test,
  alert: doc.alert,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

/** Alert deliveries in `alert_deliveries`, one per (change, destination) or test. */
export async function deliveryRepository(connection: Connection): Promise<DeliveryStore> {
  const Deliveries = connection.model<DeliveryDoc>('AlertDelivery', schema, 'alert_deliveries');
  await Deliveries.createIndexes();
  return {
    insert: ({ id, walletAddress, createdAt, updatedAt, ...rest }) =>
      insertOnce(() =>
        Deliveries.collection.insertOne({ ...rest, _id: id, wallet: walletAddress, createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) } as never),
      ),
    async get(id) {
      const doc = await Deliveries.findById(id).lean<DeliveryDoc>();
      return doc ? toRecord(doc) : null;
    },
    async latest(wallet, limit) {
      const docs = await Deliveries.find({ wallet }).sort({ createdAt: -1, _id: -1 }).limit(limit).lean<DeliveryDoc[]>();
      return docs.map(toRecord);
    },
    async recordAttempt(id, { status, error, at }) {
      // A success keeps the last failure, so "delivered after 3 attempts" can still say what went wrong.
      const $set = { status, updatedAt: new Date(at), ...(error === null ? {} : { lastError: error }) };
      await Deliveries.updateOne({ _id: id, status: OPEN }, { $set, $inc: { attempts: 1 } });
    },
    async markDead(id, error, at) {
      await Deliveries.updateOne({ _id: id, status: OPEN }, { $set: { status: 'dead', lastError: error, updatedAt: new Date(at) } });
    },
    async removeForDestination(wallet, destinationId) {
      await Deliveries.deleteMany({ wallet, destinationId });
    },
  };
}
