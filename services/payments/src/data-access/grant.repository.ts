import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@shm/platform/mongo';
import type { AccessGrant, GrantStore } from '../domain/ports';

interface GrantDoc extends Omit<AccessGrant, 'sessionId'> {
  _id: string;
  revokedAt?: Date;
  /** When the reorg guard last found the transaction mined, after the grant's window had closed. */
  settledAt?: Date;
}

const schema = new Schema<GrantDoc>(
  { _id: String, wallet: String, txHash: String, grantedAt: Date, expiresAt: Date, revoked: Boolean, revokedAt: Date, settledAt: Date, absentSince: Date },
  { versionKey: false },
);
schema.index({ wallet: 1, expiresAt: -1 });
schema.index({ grantedAt: 1 });
schema.index({ settledAt: 1, expiresAt: 1 });

const toGrant = ({ _id, revokedAt: _r, settledAt: _s, ...rest }: GrantDoc): AccessGrant => ({ sessionId: _id, ...rest });

/**
 * 24-hour access grants in `access_grants`, one per payment session (its id is the document id).
 * Expiry is read against the service clock, not a TTL index (FerretDB 1.x has none, and tests move the clock).
 */
export async function grantRepository(connection: Connection): Promise<GrantStore> {
  const Grants = connection.model<GrantDoc>('AccessGrant', schema, 'access_grants');
  await Grants.createIndexes();
  const bySession = async (sessionId: string) => {
    const doc = await Grants.findById(sessionId).lean<GrantDoc>();
    return doc ? toGrant(doc) : null;
  };
  return {
    async grant({ sessionId, ...rest }) {
      try {
        await Grants.collection.insertOne({ _id: sessionId, ...rest } as never);
        return { sessionId, ...rest };
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        // Granted already (a retry or another replica): the stored grant is the answer.
        const stored = await bySession(sessionId);
        if (!stored) throw new Error(`Grant ${sessionId} was refused as a duplicate but cannot be read back`);
        return stored;
      }
    },
    async current(wallet, now) {
      const doc = await Grants.findOne({ wallet, revoked: false, expiresAt: { $gt: now } })
        .sort({ expiresAt: -1 })
        .lean<GrantDoc>();
      return doc ? toGrant(doc) : null;
    },
    bySession,
    async unsettled(now) {
      const docs = await Grants.find({ revoked: false, expiresAt: { $gt: now }, settledAt: { $exists: false } })
        .sort({ grantedAt: 1 })
        .limit(1000)
        .lean<GrantDoc[]>();
      return docs.map(toGrant);
    },
    async settle(sessionId, at) {
      await Grants.updateOne({ _id: sessionId }, { $set: { settledAt: at } });
    },
    async markAbsent(sessionId, at) {
      // The first miss stays: the absence is measured from it.
      await Grants.updateOne({ _id: sessionId, absentSince: { $exists: false } }, { $set: { absentSince: at } });
    },
    async markFound(sessionId) {
      await Grants.updateOne({ _id: sessionId }, { $unset: { absentSince: 1 } });
    },
    async forget(sessionId) {
      await Grants.deleteOne({ _id: sessionId });
    },
    async revokeAll(wallet, at) {
      const result = await Grants.updateMany({ wallet, revoked: false, expiresAt: { $gt: at } }, { $set: { revoked: true, revokedAt: at } });
      return result.modifiedCount;
    },
  };
}
