import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@shm/platform/mongo';
import type { Logger } from '@shm/platform';
import type { KeyedLock } from '@shm/platform/redis';

/**
 * `node_links`: one document per linked node, `_id` = its public key (lower-case), naming the ids of
 * the portfolio entries that link it. It lets the alerts' watchers read ask by `_id` alone, which
 * every MongoDB-wire server answers from the `_id` index (FerretDB, which uses no other index for an
 * `$in`, included: docs/mongodb-compatibility.md). The entries stay the truth: a document may name
 * more ids than link the key (a crash between two writes), never fewer, and the reader checks each
 * entry it names (docs/dashboard.md, "Node links").
 */
interface NodeLinkDoc {
  _id: string;
  entryIds: string[];
}

const schema = new Schema<NodeLinkDoc>({ _id: String, entryIds: [String] }, { versionKey: false });

/** A linked entry as the rebuild reads it. */
export interface EntryLink {
  id: string;
  key: string;
}

export interface NodeLinks {
  /** Names the entries under `key`; called before an entry is written linking `key`. */
  add(key: string, entryIds: string[]): Promise<void>;
  /** Drops `entryId` from `key` (and the document once it names none); called after the entry stopped linking `key`. Never throws (logs). */
  remove(key: string, entryId: string): Promise<void>;
  /** The entry ids named under any of `keys` (a superset of the entries linking them). */
  entryIdsOf(keys: string[]): Promise<string[]>;
  /** Adds every link of `linked` a document lacks (never removes: a concurrent link may be on its way). Returns how many were added. */
  rebuild(linked: EntryLink[]): Promise<number>;
}

/** Keys or ids per `_id $in` read (the test server pushes down at most 10,000). */
export const IN_SLICE = 2_000;

export function slices<T>(items: T[], size = IN_SLICE): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/**
 * Writes of one key's document run under that key's Redis lock: FerretDB applies an update as a read
 * and a whole-document write, so two wallets linking one node at once could lose one link there
 * (on MongoDB `$addToSet`/`$pull` are atomic anyway). Lock order is always wallet, then node.
 */
export function nodeLinksRepository(connection: Connection, lock: KeyedLock, logger?: Logger): NodeLinks {
  const Links = connection.model<NodeLinkDoc>('NodeLink', schema, 'node_links');

  async function add(key: string, entryIds: string[]): Promise<void> {
    const upsert = () => Links.updateOne({ _id: key }, { $addToSet: { entryIds: { $each: entryIds } } }, { upsert: true });
    await lock.run(key, async () => {
      try {
        await upsert();
      } catch (err) {
        // Only the rebuild's unlocked insert of a new key can race this upsert; then the key exists: update it.
        if (!isDuplicateKeyError(err)) throw err;
        await upsert();
      }
    });
  }

  return {
    add,
    async remove(key, entryId) {
      try {
        await lock.run(key, async () => {
          const doc = await Links.findOneAndUpdate({ _id: key }, { $pull: { entryIds: entryId } }, { new: true }).lean<NodeLinkDoc>();
          if (doc && doc.entryIds.length === 0) await Links.deleteOne({ _id: key });
        });
      } catch (err) {
        // The entry's change is made: answer it. An id left over is one the watchers read skips.
        logger?.warn({ err, key, entryId }, 'a node link was left over after its entry changed');
      }
    },
    async entryIdsOf(keys) {
      const ids = new Set<string>();
      for (const slice of slices([...new Set(keys)])) {
        const docs = await Links.find({ _id: { $in: slice } }, { entryIds: 1 }).lean<NodeLinkDoc[]>();
        for (const doc of docs) for (const id of doc.entryIds) ids.add(id);
      }
      return [...ids];
    },
    async rebuild(linked) {
      const startedAt = Date.now();
      const wanted = new Map<string, Set<string>>();
      for (const { id, key } of linked) wanted.set(key, (wanted.get(key) ?? new Set()).add(id));
      const stored = new Map<string, Set<string>>();
      for (const slice of slices([...wanted.keys()])) {
        for (const doc of await Links.find({ _id: { $in: slice } }).lean<NodeLinkDoc[]>()) stored.set(doc._id, new Set(doc.entryIds));
      }
      const fresh: NodeLinkDoc[] = [];
      const missing: NodeLinkDoc[] = [];
      for (const [key, ids] of wanted) {
        const have = stored.get(key);
        if (!have) fresh.push({ _id: key, entryIds: [...ids] });
        else if ([...ids].some((id) => !have.has(id))) missing.push({ _id: key, entryIds: [...ids].filter((id) => !have.has(id)) });
      }
      // Keys with no document yet: one unordered insert a slice; a key linked meanwhile (11000) is added to instead.
      for (const slice of slices(fresh)) {
        try {
          await Links.collection.insertMany(slice as never[], { ordered: false });
        } catch (err) {
          const writeErrors = (err as { writeErrors?: { code?: number; index?: number }[] }).writeErrors;
          if (!writeErrors?.length || !writeErrors.every((e) => e.code === 11000)) throw err;
          missing.push(...writeErrors.flatMap((e) => slice[e.index ?? -1] ?? []));
        }
      }
      for (const doc of missing) await add(doc._id, doc.entryIds);
      const added = [...wanted].reduce((sum, [key, ids]) => sum + [...ids].filter((id) => !stored.get(key)?.has(id)).length, 0);
      logger?.info({ linked: linked.length, keys: wanted.size, added, ms: Date.now() - startedAt }, 'node links rebuilt from the portfolio entries');
      return added;
    },
  };
}
