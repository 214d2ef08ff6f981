import { Schema, type Connection } from 'mongoose';
import type { PenaltyClaims } from '../domain/ports';
import { insertOnce } from './duplicate-key';

interface ClaimDoc {
  /** The penalty's transaction hash: one claim per penalty, however many incidents, replicas or retries find it. */
  _id: string;
  incidentId: string;
  publicKey: string;
  /** Claims older than KEEP_MS are deleted as new ones come (FerretDB has no TTL indexes); a check looks at most a schedule's length back. */
  at: Date;
}

const claimSchema = new Schema<ClaimDoc>({ _id: String, incidentId: String, publicKey: String, at: Date }, { versionKey: false });
claimSchema.index({ at: 1 });
const KEEP_MS = 90 * 86_400_000;

/** Which incident's checks tell each penalty (`alert_penalties`; docs/alerts.md, "Penalties"). */
export async function penaltyClaimRepository(connection: Connection): Promise<PenaltyClaims> {
  const Claims = connection.model<ClaimDoc>('AlertPenaltyClaim', claimSchema, 'alert_penalties');
  await Claims.createIndexes();
  return {
    async claim(txHash, incidentId, publicKey) {
      const at = new Date();
      if (await insertOnce(() => Claims.collection.insertOne({ _id: txHash, incidentId, publicKey, at } as never))) {
        await Claims.deleteMany({ at: { $lt: new Date(at.getTime() - KEEP_MS) } });
        return incidentId;
      }
      const held = await Claims.findById(txHash).lean<ClaimDoc>();
      return held?.incidentId ?? incidentId;
    },
  };
}
