import { isDuplicateKeyError, type Connection } from '@shm/platform/mongo';
import type { CycleHistoryStore, CycleRecord, ListedNode } from '../domain/ports';
import type { mongo } from 'mongoose';
import { bulkWriteInBatches } from './bulk-batches';

type KindIds = 'removedIds' | 'apoptosizedIds' | 'lostIds' | 'refutedIds';
/** One stored cycle; the kinds of departure are absent in documents written before they were kept. */
interface CycleDoc extends Omit<CycleRecord, KindIds>, Partial<Pick<CycleRecord, KindIds>> {
  _id: number;
}
interface FlagDoc {
  _id: string;
  foundation: boolean;
}
interface IdDoc {
  _id: string;
  publicKey: string;
}
interface StateDoc {
  _id: 'window' | 'split';
  oldest?: number;
  newest?: number;
  foundation?: number;
}

/**
 * A stored record as the port's: records stored before the node tracker kept the kinds of
 * departure apart have `leftIds` only, read as removals (their lost and refuted ids are gone).
 */
function recordOf({ _id, ...record }: CycleDoc): CycleRecord {
  return {
    ...record,
    removedIds: record.removedIds ?? record.leftIds,
    apoptosizedIds: record.apoptosizedIds ?? [],
    lostIds: record.lostIds ?? [],
    refutedIds: record.refutedIds ?? [],
  };
}

/** `$in` lists are sent in slices of this many keys (a command stays far below the 16 MB limit). */
const SLICE = 2000;
const slices = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / SLICE) }, (_, i) => items.slice(i * SLICE, (i + 1) * SLICE));

/**
 * Writes documents keyed by `_id` as upserts would, in one unordered insertMany: FerretDB runs each
 * upsert on its own (about 10 ms), so the thousands of flags and ids of a large network took minutes.
 * The documents stored already (refused as duplicates) are then set in place.
 */
async function insertOrSet<T extends { _id: string }>(collection: mongo.Collection<T>, docs: T[]): Promise<void> {
  if (docs.length === 0) return;
  let stored: T[] = [];
  try {
    await collection.insertMany(docs as mongo.OptionalUnlessRequiredId<T>[], { ordered: false });
  } catch (err) {
    const writeErrors = (err as { writeErrors?: { code?: number; index?: number }[] }).writeErrors;
    if (writeErrors?.length && writeErrors.every((e) => e.code === 11000 && e.index !== undefined)) stored = writeErrors.flatMap((e) => docs[e.index ?? -1] ?? []);
    else if (isDuplicateKeyError(err)) stored = docs;
    else throw err;
  }
  await bulkWriteInBatches(
    collection,
    stored.map(({ _id, ...fields }) => ({ updateOne: { filter: { _id } as mongo.Filter<T>, update: { $set: fields as Partial<T> } } })),
  );
}

/**
 * The cycle history in MongoDB: one document per cycle (`_id` = counter), the foundation flag per
 * public key, the public key per node id, and the window read so far. Only what MongoDB and
 * FerretDB both do: upserts by `_id` (a cycle or flag written twice, by two replicas, is one
 * document) and `$in` reads. A flag is never overwritten by a join record without one.
 */
export function cycleHistoryRepository(connection: Connection): Promise<CycleHistoryStore> {
  const db = connection.db;
  if (!db) return Promise.reject(new Error('mongo is not connected'));
  const cycles = db.collection<CycleDoc>('network_cycles');
  const flags = db.collection<FlagDoc>('network_node_flags');
  const ids = db.collection<IdDoc>('network_node_ids');
  const state = db.collection<StateDoc>('network_state');

  const flagsOf = async (publicKeys: string[]) => {
    const found = new Map<string, boolean>();
    for (const slice of slices(publicKeys)) {
      for (const doc of await flags.find({ _id: { $in: slice } }).toArray()) found.set(doc._id, doc.foundation);
    }
    return found;
  };
  // Every poll hands over the whole active list: only flags not remembered yet, or remembered
  // otherwise, are written (FerretDB runs each upsert on its own: 50 000 nodes took minutes a poll).
  const rememberFlags = async (nodes: ListedNode[]) => {
    const flagged = nodes.filter((n): n is ListedNode & { foundation: boolean } => n.foundation !== undefined);
    if (flagged.length === 0) return;
    const known = await flagsOf(flagged.map((n) => n.publicKey));
    const changed = flagged.filter((n) => known.get(n.publicKey) !== n.foundation);
    await insertOrSet(
      flags,
      changed.map((n) => ({ _id: n.publicKey, foundation: n.foundation })),
    );
  };

  const readWindow = async () => {
    const doc = await state.findOne({ _id: 'window' });
    return doc?.oldest !== undefined && doc.newest !== undefined ? { oldest: doc.oldest, newest: doc.newest } : null;
  };

  return Promise.resolve({
    async saveCycles(records) {
      if (records.length === 0) return;
      // Every poll reads the latest 100 cycles again. Cycles inside the stored window were saved
      // whole, joins included, before the window was moved over them (ingest-cycles.ts), so only
      // the others are written: FerretDB runs each upsert on its own, about 10 ms each.
      const window = await readWindow();
      const fresh = window ? records.filter((r) => r.counter < window.oldest || r.counter > window.newest) : records;
      if (fresh.length === 0) return;
      const joined = fresh.flatMap((r) => r.joined);
      await rememberFlags(joined);
      const withIds = joined.filter((n): n is ListedNode & { id: string } => Boolean(n.id));
      await insertOrSet(
        ids,
        withIds.map((n) => ({ _id: n.id, publicKey: n.publicKey })),
      );
      // A cycle record never changes: insert what is new in one command and let the unique _id
      // refuse what another replica (or a save cut short) stored already.
      try {
        await cycles.insertMany(
          fresh.map((record) => ({ _id: record.counter, ...record })),
          { ordered: false },
        );
      } catch (err) {
        const writeErrors = (err as { writeErrors?: { code?: number }[] }).writeErrors;
        if (!isDuplicateKeyError(err) && !(writeErrors && writeErrors.every((e) => e.code === 11000))) throw err;
      }
    },
    rememberFlags,
    flagsOf,
    async publicKeysOfIds(nodeIds) {
      const found = new Map<string, string>();
      for (const slice of slices(nodeIds)) {
        for (const doc of await ids.find({ _id: { $in: slice } }).toArray()) found.set(doc._id, doc.publicKey);
      }
      return found;
    },
    async cyclesSince(fromCounter) {
      const docs = await cycles.find({ _id: { $gte: fromCounter } }).sort({ _id: 1 }).toArray();
      return docs.map(recordOf);
    },
    async cyclesFrom(fromCounter, limit) {
      const docs = await cycles.find({ _id: { $gte: fromCounter } }).sort({ _id: 1 }).limit(limit).toArray();
      return docs.map(recordOf);
    },
    window: readWindow,
    async setWindow({ oldest, newest }) {
      await state.updateOne({ _id: 'window' }, { $set: { oldest, newest } }, { upsert: true });
    },
    async lastKnownFoundation() {
      return (await state.findOne({ _id: 'split' }))?.foundation;
    },
    async setLastKnownFoundation(foundation) {
      await state.updateOne({ _id: 'split' }, { $set: { foundation } }, { upsert: true });
    },
    async pruneBefore(counter) {
      await cycles.deleteMany({ _id: { $lt: counter } });
    },
  });
}
