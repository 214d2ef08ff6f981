import { Schema, type Connection } from 'mongoose';
import type { ProfileFields } from '@shm/contracts';
import type { ProfileRecord, ProfileStore } from '../domain/ports';
import { ownedRepository, type OwnedDoc } from './owned.repository';

type ProfileDoc = OwnedDoc & ProfileFields;

const schema = new Schema<ProfileDoc>(
  {
    _id: String,
    wallet: String,
    profileName: String,
    investmentAmount: Number,
    targetTimeframe: Number,
    targetEarnings: Number,
    riskTolerance: String,
    preferredShmPrice: Number,
    customNodeCost: Number,
    notes: String,
    createdAt: Date,
    updatedAt: Date,
  },
  { versionKey: false },
);
schema.index({ wallet: 1, createdAt: -1 });
schema.index({ wallet: 1, updatedAt: -1 });

const fields = ({ _id: _i, wallet: _w, createdAt: _c, updatedAt: _u, ...rest }: ProfileDoc): ProfileFields => rest;

/** Investment profiles in `investment_profiles`. */
export async function profileRepository(connection: Connection): Promise<ProfileStore> {
  const Profiles = connection.model<ProfileDoc>('InvestmentProfile', schema, 'investment_profiles');
  await Profiles.createIndexes();
  const repository = ownedRepository<ProfileRecord, ProfileDoc>(Profiles, { toFields: (f) => f, fromFields: fields });
  return {
    ...repository,
    async mostRecentlyUpdated(wallet, exceptId) {
      const doc = await Profiles.findOne({ wallet, ...(exceptId ? { _id: { $ne: exceptId } } : {}) })
        .sort({ updatedAt: -1, _id: -1 })
        .lean<ProfileDoc>();
      return doc ? repository.toRecord(doc) : null;
    },
  };
}
