import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@shm/platform/mongo';
import type { PaymentRecord, PaymentStore } from '../domain/ports';

interface PaymentDoc extends Omit<PaymentRecord, 'amountWei'> {
  amountWei: string;
  recordedAt: Date;
}

const schema = new Schema<PaymentDoc>(
  {
    chainId: Number,
    txHash: String,
    wallet: String,
    sessionId: String,
    amountWei: String,
    blockNumber: Number,
    minedAt: Date,
    recordedAt: Date,
  },
  { versionKey: false },
);
// The replay guard: the server refuses a second payment with the same chain and transaction hash.
schema.index({ chainId: 1, txHash: 1 }, { unique: true });
schema.index({ wallet: 1 });

/** Accepted payments in the `payments` collection. */
export async function paymentRepository(connection: Connection): Promise<PaymentStore> {
  const Payments = connection.model<PaymentDoc>('Payment', schema, 'payments');
  await Payments.createIndexes();
  return {
    async record(payment, at) {
      try {
        // Straight to the driver: the insert itself must meet the unique index.
        await Payments.collection.insertOne({ ...payment, amountWei: payment.amountWei.toString(), recordedAt: at });
        return 'recorded';
      } catch (err) {
        if (isDuplicateKeyError(err)) return 'duplicate';
        throw err;
      }
    },
    async forget(chainId, txHash) {
      await Payments.deleteOne({ chainId, txHash });
    },
    async byTransaction(chainId, txHash) {
      const doc = await Payments.findOne({ chainId, txHash }).lean<PaymentDoc>();
      if (!doc) return null;
      const { amountWei, recordedAt: _r, ...rest } = doc;
      return { ...rest, amountWei: BigInt(amountWei) };
    },
  };
}
