import { Schema, type Connection } from 'mongoose';
import type { PortfolioFields } from '@shm/contracts';
import type { PortfolioRecord, PortfolioStore } from '../domain/ports';
import { ownedRepository, type OwnedDoc } from './owned.repository';

type PortfolioDoc = OwnedDoc & PortfolioFields;

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
    createdAt: Date,
    updatedAt: Date,
  },
  { versionKey: false },
);
schema.index({ wallet: 1, createdAt: -1 });

const fields = ({ _id: _i, wallet: _w, createdAt: _c, updatedAt: _u, ...rest }: PortfolioDoc): PortfolioFields => rest;

/** Portfolio entries in `portfolio_entries`; entryDate kept as the YYYY-MM-DD the user gave. */
export async function portfolioRepository(connection: Connection): Promise<PortfolioStore> {
  const Entries = connection.model<PortfolioDoc>('PortfolioEntry', schema, 'portfolio_entries');
  await Entries.createIndexes();
  return ownedRepository<PortfolioRecord, PortfolioDoc>(Entries, { toFields: (f) => f, fromFields: fields });
}
