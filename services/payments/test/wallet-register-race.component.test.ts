import { randomUUID } from 'node:crypto';
import { connectMongo } from '@shm/platform/mongo';
import { walletRepository } from '../src/data-access/wallet.repository';
import { MONGO_URL } from './support/env';

// A wallet's first registration is an upsert by its address. Two upserts of a new key can race: on
// MongoDB the server retries the loser (4.2+), FerretDB answers it with a duplicate-key error
// (docs/mongodb-compatibility.md). The repository must absorb that either way.
jest.setTimeout(30_000);

const db = `payments_wallet_race_${randomUUID().slice(0, 8)}`;
let mongo: Awaited<ReturnType<typeof connectMongo>>;
beforeAll(async () => {
  mongo = await connectMongo(MONGO_URL, db);
});
afterAll(async () => {
  await mongo.dropDatabase();
  await mongo.close();
});

it('when one new wallet is registered 20 times at once, five rounds over, then every call succeeds and each wallet is stored once with the time it was seen', async () => {
  const wallets = await walletRepository(mongo);
  for (let round = 0; round < 5; round += 1) {
    const wallet = `0x${randomUUID().replace(/-/g, '').padEnd(40, '0')}`;
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, round));
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => wallets.seen(wallet, at)));
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String(o.reason))).toEqual([]);
    const stored = await mongo.collection('wallets').find({ _id: wallet as never }).toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ firstSeenAt: at, lastSeenAt: at });
  }
});
