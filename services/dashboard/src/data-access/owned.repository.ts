import type { Model } from 'mongoose';

/** How a record of one wallet is kept: `_id` is the record id, `wallet` the owner, dates as Dates. */
export interface OwnedDoc {
  _id: string;
  wallet: string;
  createdAt: Date;
  updatedAt: Date;
}

interface OwnedRecord {
  id: string;
  walletAddress: string;
  createdAt: string;
  updatedAt: string;
}

export interface Mapping<R extends OwnedRecord, D extends OwnedDoc> {
  /** The record's own fields → the document's (the ids and dates are mapped here). */
  toFields(record: Omit<R, keyof OwnedRecord>): Omit<D, keyof OwnedDoc>;
  fromFields(doc: D): Omit<R, keyof OwnedRecord>;
}

/**
 * CRUD of one wallet's records in one collection. Every query filters on the owner, so another
 * wallet's id behaves exactly like an id that does not exist.
 */
export function ownedRepository<R extends OwnedRecord, D extends OwnedDoc>(Docs: Model<D>, mapping: Mapping<R, D>) {
  const toRecord = (doc: D): R =>
    ({
      ...mapping.fromFields(doc),
      id: doc._id,
      walletAddress: doc.wallet,
      createdAt: doc.createdAt.toISOString(),
      updatedAt: doc.updatedAt.toISOString(),
    }) as R;
  const fieldsOf = ({ id: _i, walletAddress: _w, createdAt: _c, updatedAt: _u, ...fields }: R) => fields;
  return {
    toRecord,
    // Arrow properties, not methods: the repositories hand them on unbound (`{ list, get } = …`).
    list: async (wallet: string): Promise<R[]> => {
      const docs = await Docs.find({ wallet }).sort({ createdAt: -1, _id: -1 }).lean<D[]>();
      return docs.map(toRecord);
    },
    get: async (wallet: string, id: string): Promise<R | null> => {
      const doc = await Docs.findOne({ _id: id, wallet }).lean<D>();
      return doc ? toRecord(doc) : null;
    },
    count: (wallet: string) => Docs.countDocuments({ wallet }),
    insert: async (record: R): Promise<void> => {
      const doc = {
        ...mapping.toFields(fieldsOf(record)),
        _id: record.id,
        wallet: record.walletAddress,
        createdAt: new Date(record.createdAt),
        updatedAt: new Date(record.updatedAt),
      };
      await Docs.collection.insertOne(doc as never);
    },
    update: async (wallet: string, id: string, changes: Partial<Omit<R, keyof OwnedRecord>>, at: string): Promise<R | null> => {
      // A field left undefined stays as it is.
      const $set: Record<string, unknown> = Object.fromEntries(Object.entries({ ...mapping.toFields(changes as Omit<R, keyof OwnedRecord>), updatedAt: new Date(at) }).filter(([, value]) => value !== undefined));
      const doc = await Docs.findOneAndUpdate({ _id: id, wallet }, { $set }, { new: true }).lean<D>();
      return doc ? toRecord(doc) : null;
    },
    remove: async (wallet: string, id: string): Promise<boolean> => {
      return (await Docs.deleteOne({ _id: id, wallet })).deletedCount === 1;
    },
  };
}
