import { Schema, type Connection } from 'mongoose';
import type { PaymentRefusalReason } from '@shm/contracts';
import type { IntentStatus, IntentStore, PaymentIntent, PendingIntent } from '../domain/ports';

interface IntentDoc {
  _id: string;
  wallet: string;
  chainId: number;
  recipient: string;
  amountWei: string;
  status: IntentStatus;
  txHash?: string;
  createdAt: Date;
  submittedAt?: Date;
  updatedAt: Date;
  reason?: PaymentRefusalReason;
  error?: string;
  canRetry?: boolean;
}

const schema = new Schema<IntentDoc>(
  {
    _id: String,
    wallet: String,
    chainId: Number,
    recipient: String,
    amountWei: String,
    status: String,
    txHash: String,
    createdAt: Date,
    submittedAt: Date,
    updatedAt: Date,
    reason: String,
    error: String,
    canRetry: Boolean,
  },
  { versionKey: false },
);
schema.index({ wallet: 1, createdAt: -1 });
schema.index({ wallet: 1, txHash: 1 });

const toIntent = ({ _id, amountWei, updatedAt: _u, ...rest }: IntentDoc): PaymentIntent => ({
  id: _id,
  amountWei: BigInt(amountWei),
  ...rest,
});

/** Payment intents (spec: payment sessions) in the `payment_intents` collection. */
export async function intentRepository(connection: Connection, now: () => Date): Promise<IntentStore> {
  const Intents = connection.model<IntentDoc>('PaymentIntent', schema, 'payment_intents');
  await Intents.createIndexes();
  const one = async (filter: Record<string, unknown>) => {
    const doc = await Intents.findOne(filter).sort({ createdAt: -1 }).lean<IntentDoc>();
    return doc ? toIntent(doc) : null;
  };
  return {
    async create({ id, amountWei, ...rest }) {
      await Intents.create({ _id: id, amountWei: amountWei.toString(), ...rest, updatedAt: now() });
    },
    get: (id) => one({ _id: id }),
    forTransaction: (wallet, txHash) => one({ wallet, txHash }),
    latestOpen: (wallet) => one({ wallet, status: 'initiated' }),
    latest: (wallet) => one({ wallet }),
    countOpen: (wallet) => Intents.countDocuments({ wallet, status: 'initiated' }),
    async pending(wallet) {
      const docs = await Intents.find({ wallet, status: { $in: ['submitted', 'verifying'] } })
        .sort({ createdAt: 1 })
        .lean<IntentDoc[]>();
      // Submitted and verifying intents carry their transaction's hash (it is what moves them there).
      return docs.map(toIntent).filter((intent): intent is PendingIntent => intent.txHash !== undefined);
    },
    async update(id, changes) {
      const $set: Record<string, unknown> = { updatedAt: now() };
      const $unset: Record<string, ''> = {};
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) $unset[key] = '';
        else $set[key] = typeof value === 'bigint' ? value.toString() : value;
      }
      await Intents.updateOne({ _id: id }, Object.keys($unset).length ? { $set, $unset } : { $set });
    },
  };
}
