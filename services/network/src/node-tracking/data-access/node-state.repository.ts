import { isDuplicateKeyError, type Connection } from '@shm/platform/mongo';
import type { NodeStateStore, TrackedNode, TrackerState } from '../ports';
import { bulkWriteInBatches } from '../../data-access/bulk-batches';

/** A node's document: `_id` is its public key. */
type NodeDoc = Omit<TrackedNode, 'publicKey'> & { _id: string };
type TrackerDoc = TrackerState & { _id: 'tracker' };

/** `$in` lists are sent in slices of this many keys (a command stays far below the 16 MB limit). */
const SLICE = 2000;
const slices = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / SLICE) }, (_, i) => items.slice(i * SLICE, (i + 1) * SLICE));

const toDoc = ({ publicKey, ...node }: TrackedNode): NodeDoc => ({ _id: publicKey, ...node });
const fromDoc = ({ _id, ...doc }: NodeDoc): TrackedNode => ({ publicKey: _id, ...doc });

/** Positions of the documents an unordered insertMany refused as duplicates; anything else is thrown. */
function duplicatesOf(err: unknown): number[] {
  const writeErrors = (err as { writeErrors?: { code?: number; index?: number }[] }).writeErrors;
  if (writeErrors?.length && writeErrors.every((e) => e.code === 11000)) return writeErrors.map((e) => e.index ?? -1);
  if (isDuplicateKeyError(err)) return [0];
  throw err;
}

/**
 * The node tracker's states in MongoDB: `network_node_states` (one document per public key, indexed
 * by `_id`, by state, so a run loads every node not gone in one find, and by node id) and `network_node_tracker`
 * (the tracker's progress and rate segments, one document). FerretDB turns every upsert or replace
 * into a separate write of about 10 ms, so a run writes only what changed: first sightings in one
 * unordered insertMany, changed nodes as replaces in one bulkWrite.
 */
export async function nodeStateRepository(connection: Connection): Promise<NodeStateStore> {
  const db = connection.db;
  if (!db) throw new Error('mongo is not connected');
  const nodes = db.collection<NodeDoc>('network_node_states');
  const tracker = db.collection<TrackerDoc>('network_node_tracker');
  await nodes.createIndex({ state: 1 });
  await nodes.createIndex({ id: 1 });

  const replace = async (docs: NodeDoc[], upsert: boolean) => {
    if (docs.length === 0) return;
    await bulkWriteInBatches(
      nodes,
      docs.map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert } })),
    );
  };

  return {
    async tracker() {
      const doc = await tracker.findOne({ _id: 'tracker' });
      if (!doc) return null;
      const { _id, ...state } = doc;
      return state;
    },
    async saveTracker(state) {
      await tracker.replaceOne({ _id: 'tracker' }, state, { upsert: true });
    },
    async current() {
      return (await nodes.find({ state: { $ne: 'gone' } }).toArray()).map(fromDoc);
    },
    async byKeys(publicKeys) {
      const found: TrackedNode[] = [];
      for (const slice of slices(publicKeys)) found.push(...(await nodes.find({ _id: { $in: slice } }).toArray()).map(fromDoc));
      return found;
    },
    async byIds(ids) {
      const found: TrackedNode[] = [];
      for (const slice of slices(ids)) found.push(...(await nodes.find({ id: { $in: slice } }).toArray()).map(fromDoc));
      return found;
    },
    async save({ inserted, updated }) {
      const fresh = inserted.map(toDoc);
      if (fresh.length > 0) {
        try {
          await nodes.insertMany(fresh, { ordered: false });
        } catch (err) {
          // Stored already (a run that died after saving part of its work): the new state replaces it.
          const stored = new Set(duplicatesOf(err));
          await replace(stored.has(-1) ? fresh : fresh.filter((_, i) => stored.has(i)), true);
        }
      }
      // Changed nodes were read from here, so each is replaced in place (an upsert costs more on FerretDB).
      await replace(updated.map(toDoc), false);
    },
    async pruneGone(before) {
      await nodes.deleteMany({ state: 'gone', since: { $lt: before } });
    },
  };
}
