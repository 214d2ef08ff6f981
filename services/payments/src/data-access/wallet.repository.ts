import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@shm/platform/mongo';
import type { WalletStore } from '../domain/ports';

const schema = new Schema({ _id: String, firstSeenAt: Date, lastSeenAt: Date }, { versionKey: false });

/** Wallets that registered (spec §7 wallet/register), in `wallets`, keyed by lower-case address. */
export async function walletRepository(connection: Connection): Promise<WalletStore> {
  const Wallets = connection.model('Wallet', schema, 'wallets');
  await Wallets.createIndexes();
  return {
    async seen(wallet, at) {
      const upsert = () => Wallets.updateOne({ _id: wallet }, { $set: { lastSeenAt: at }, $setOnInsert: { firstSeenAt: at } }, { upsert: true });
      try {
        await upsert();
      } catch (err) {
        // Two first registrations raced and the other inserted it: MongoDB retries such an upsert
        // itself, FerretDB answers 11000 (docs/mongodb-compatibility.md); again, it is an update.
        if (!isDuplicateKeyError(err)) throw err;
        await upsert();
      }
    },
  };
}
