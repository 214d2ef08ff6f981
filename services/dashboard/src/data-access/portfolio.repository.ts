import { Schema, type Connection } from 'mongoose';
import type { PortfolioFields } from '@shm/contracts';
import type { LinkedEntry, PortfolioRecord, PortfolioStore } from '../domain/ports';
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
// Key first: the alerts ask by key across wallets; the key and the wallet find a duplicate link.
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

/** Portfolio entries in `portfolio_entries`; entryDate kept as the YYYY-MM-DD the user gave. */
export async function portfolioRepository(connection: Connection): Promise<PortfolioStore> {
  const Entries = connection.model<PortfolioDoc>('PortfolioEntry', schema, 'portfolio_entries');
  await Entries.createIndexes();
  const owned = ownedRepository<PortfolioRecord, PortfolioDoc>(Entries, { toFields: toDoc, fromFields: fromDoc });
  return {
    ...owned,
    countLinked: (wallet) => Entries.countDocuments({ wallet, nodePublicKey: LINKED }),
    async linkedIn(wallet, publicKey) {
      const doc = await Entries.findOne({ wallet, nodePublicKey: publicKey.toLowerCase() }, { _id: 1 }).lean<{ _id: string }>();
      return doc?._id ?? null;
    },
    async linkedTo(publicKeys): Promise<LinkedEntry[]> {
      if (publicKeys.length === 0) return [];
      const keys = [...new Set(publicKeys.map((k) => k.toLowerCase()))];
      const docs = await Entries.find({ nodePublicKey: { $in: keys } }, { _id: 1, wallet: 1, label: 1, nodePublicKey: 1 }).lean<
        { _id: string; wallet: string; label?: string | null; nodePublicKey: string }[]
      >();
      return docs.map((doc) => ({
        walletAddress: doc.wallet,
        id: doc._id,
        nodePublicKey: doc.nodePublicKey,
        ...(doc.label ? { label: doc.label } : {}),
      }));
    },
  };
}
