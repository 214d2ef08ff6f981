import { Schema, type Connection } from 'mongoose';
import type { DefaultProfilePointer } from '../domain/ports';

interface PointerDoc {
  _id: string;
  profileId: string | null;
}

const schema = new Schema<PointerDoc>({ _id: String, profileId: String }, { versionKey: false });

/** One document per wallet in `default_profiles` (its id is the wallet): the wallet's default profile. */
export function defaultProfileRepository(connection: Connection): Promise<DefaultProfilePointer> {
  const Pointers = connection.model<PointerDoc>('DefaultProfile', schema, 'default_profiles');
  return Promise.resolve({
    async get(wallet) {
      return (await Pointers.findById(wallet).lean<PointerDoc>())?.profileId ?? null;
    },
    async set(wallet, profileId) {
      await Pointers.updateOne({ _id: wallet }, { $set: { profileId } }, { upsert: true });
    },
  });
}
