import { Schema, type Connection } from 'mongoose';
import type { PortfolioFields } from '@shm/contracts';
import type { LinkedEntry, PortfolioRecord, PortfolioStore } from '../domain/ports';
import { slices, type NodeLinks } from './node-links.repository';
import { ownedRepository, type OwnedDoc } from './owned.repository';

type StoredFields = Omit<PortfolioRecord, 'id' | 'walletAddress' | 'createdAt' | 'updatedAt'>;
type PortfolioDoc = OwnedDoc & Omit<StoredFields, 'nodePublicKey'> & { nodePublicKey?: string | null };

const schema = new Schema<PortfolioDoc>(
  {
    _id: String,
    wallet: String,
    nodeCount: Number,
    actualInvestment: Number,
    shmPriceAtEntry: Number,
    actualRewards: Number,
    entryDate: String,
    label: String,
    nodePublicKey: String,
    createdAt: Date,
    updatedAt: Date,
  },
  { versionKey: false },
);
schema.index({ wallet: 1, createdAt: -1 });
// The key and the wallet find a duplicate link (the alerts' read by key goes through `node_links`).
schema.index({ nodePublicKey: 1, wallet: 1 });

/** Entries kept before linking existed have no nodePublicKey: they read as unlinked. */
const fromDoc = ({ _id: _i, wallet: _w, createdAt: _c, updatedAt: _u, nodePublicKey, ...rest }: PortfolioDoc): StoredFields => ({
  ...rest,
  nodePublicKey: nodePublicKey ?? null,
});

/** Lower-case whatever the caller passed (the contract already does; a stored key must match the lookups). */
const toDoc = (fields: Partial<PortfolioFields>) =>
  (typeof fields.nodePublicKey === 'string' ? { ...fields, nodePublicKey: fields.nodePublicKey.toLowerCase() } : fields) as Omit<PortfolioDoc, keyof OwnedDoc>;

/** A key is linked when it is a string (null: unlinked; missing: an entry older than linking). */
const LINKED = { $type: 'string' } as const;

type WatcherDoc = { _id: string; wallet: string; label?: string | null; nodePublicKey?: string | null };

/**
 * Portfolio entries in `portfolio_entries`; entryDate kept as the YYYY-MM-DD the user gave. Each
 * entry's link is also kept in `links` (one document per node: node-links.repository.ts): named
 * there before an entry links a key, dropped after it stops, so the links never miss an entry; they
 * are completed from the entries on start (entries stored before them, a crash between two writes).
 */
export async function portfolioRepository(connection: Connection, links: NodeLinks): Promise<PortfolioStore> {
  const Entries = connection.model<PortfolioDoc>('PortfolioEntry', schema, 'portfolio_entries');
  await Entries.createIndexes();
  const owned = ownedRepository<PortfolioRecord, PortfolioDoc>(Entries, { toFields: toDoc, fromFields: fromDoc });
  const linked = await Entries.find({ nodePublicKey: LINKED }, { _id: 1, nodePublicKey: 1 }).lean<{ _id: string; nodePublicKey: string }[]>();
  await links.rebuild(linked.map((doc) => ({ id: doc._id, key: doc.nodePublicKey })));
  return {
    ...owned,
    async insert(record) {
      if (record.nodePublicKey) await links.add(record.nodePublicKey.toLowerCase(), [record.id]);
      await owned.insert(record);
    },
    async update(wallet, id, changes, at) {
      if (changes.nodePublicKey === undefined) return owned.update(wallet, id, changes, at);
      // By `_id` alone (an index read on every server), the owner checked here.
      const before = await Entries.findOne({ _id: id }, { wallet: 1, nodePublicKey: 1 }).lean<PortfolioDoc>();
      if (!before || before.wallet !== wallet) return null;
      const from = before.nodePublicKey ?? null;
      const to = changes.nodePublicKey?.toLowerCase() ?? null;
      if (to && to !== from) await links.add(to, [id]);
      const updated = await owned.update(wallet, id, changes, at);
      // Gone meanwhile (a delete, which drops the link it had): only the link just added is left over.
      if (!updated) {
        if (to && to !== from) await links.remove(to, id);
      } else if (from && from !== updated.nodePublicKey) await links.remove(from, id);
      return updated;
    },
    async remove(wallet, id) {
      const doc = await Entries.findOneAndDelete({ _id: id, wallet }).lean<PortfolioDoc>();
      if (!doc) return false;
      if (typeof doc.nodePublicKey === 'string') await links.remove(doc.nodePublicKey, id);
      return true;
    },
    countLinked: (wallet) => Entries.countDocuments({ wallet, nodePublicKey: LINKED }),
    async linkedIn(wallet, publicKey) {
      const doc = await Entries.findOne({ wallet, nodePublicKey: publicKey.toLowerCase() }, { _id: 1 }).lean<{ _id: string }>();
      return doc?._id ?? null;
    },
    /** Two `_id` reads: the links name candidate entries, and each entry read says whether it still links an asked key. */
    async linkedTo(publicKeys): Promise<LinkedEntry[]> {
      if (publicKeys.length === 0) return [];
      const keys = new Set(publicKeys.map((k) => k.toLowerCase()));
      const watchers: LinkedEntry[] = [];
      for (const ids of slices(await links.entryIdsOf([...keys]))) {
        const docs = await Entries.find({ _id: { $in: ids } }, { _id: 1, wallet: 1, label: 1, nodePublicKey: 1 }).lean<WatcherDoc[]>();
        for (const doc of docs) {
          if (!doc.nodePublicKey || !keys.has(doc.nodePublicKey)) continue;
          watchers.push({ walletAddress: doc.wallet, id: doc._id, nodePublicKey: doc.nodePublicKey, ...(doc.label ? { label: doc.label } : {}) });
        }
      }
      return watchers;
    },
  };
}
