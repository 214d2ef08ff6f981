import type { Logger } from '@shm/platform';
import { isDuplicateKeyError, type Connection } from '@shm/platform/mongo';
import type { NetworkIdentity } from '../domain/archiver-quorum';

interface IdentityDoc {
  /** The NETWORK setting it was learned under, so switching NETWORK on the same database learns anew. */
  _id: string;
  networkId: string;
  heldAt: Date;
}

/**
 * The network this service follows. Configured (`NETWORK_ID`): always that one. Otherwise the first
 * quorum's `networkId` is held in MongoDB (`network_identity`, one document per NETWORK name), where
 * every replica and every restart finds it: an upsert that only inserts, so of two replicas learning
 * at once the first write wins and both read it back. A held id that differs from a configured one
 * is reported once, not used.
 */
export async function networkIdentityRepository(
  connection: Connection,
  network: string,
  configured: string | undefined,
  logger: Logger,
): Promise<NetworkIdentity> {
  const db = connection.db;
  if (!db) throw new Error('mongo is not connected');
  const identities = db.collection<IdentityDoc>('network_identity');
  let held = (await identities.findOne({ _id: network }))?.networkId;
  if (configured && held && held !== configured) {
    logger.warn({ configured, held }, 'NETWORK_ID differs from the network held from an earlier quorum; following NETWORK_ID');
  }
  return {
    expected: () => Promise.resolve(configured ?? held),
    async learn(networkId) {
      if (configured) return configured;
      // Two upserts racing on one _id: the loser may get a duplicate key error; the winner's id is read back.
      await identities
        .updateOne({ _id: network }, { $setOnInsert: { networkId, heldAt: new Date() } }, { upsert: true })
        .catch((err: unknown) => {
          if (!isDuplicateKeyError(err)) throw err;
        });
      held = (await identities.findOne({ _id: network }))?.networkId ?? networkId;
      return held;
    },
  };
}
