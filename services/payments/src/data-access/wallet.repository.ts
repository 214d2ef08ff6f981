import { Schema, type Connection } from 'mongoose';
import type { WalletStore } from '../domain/ports';

const schema = new Schema({ _id: String, firstSeenAt: Date, lastSeenAt: Date }, { versionKey: false });

/** Wallets that registered (spec §7 wallet/register), in `wallets`, keyed by lower-case address. */
export async function walletRepository(connection: Connection): Promise<WalletStore> {
  const Wallets = connection.model('Wallet', schema, 'wallets');
  await Wallets.createIndexes();
  return {
    async seen(wallet, at) {
      await Wallets.updateOne({ _id: wallet }, { $set: { lastSeenAt: at }, $setOnInsert: { firstSeenAt: at } }, { upsert: true });
    },
  };
}
