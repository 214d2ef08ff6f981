import { randomUUID } from 'node:crypto';
import { IDENTITY_HEADER, dashboardContract, dashboardInternalContract, pathOf, type PortfolioEntryReply, type Watcher, type WatchersReply } from '@shm/contracts';
import { signIdentity } from '@shm/platform';
import { connectMongo } from '@shm/platform/mongo';
import { readJson, TEST_MONGO_URL } from '@shm/platform/testing';
import { SECRET, newWallet, startDashboard, type DashboardUnderTest } from './support/dashboard-under-test';
import { startNetworkStandIn, type NetworkStandIn } from './support/network-stand-in';
import { entryBody } from './support/samples';

jest.setTimeout(60_000);

// The alerts service's watchers read goes through `node_links` (one document per node, `_id` = key):
// these follow it through every portfolio write and through the start-up rebuild from stored entries.
let dash: DashboardUnderTest;
let network: NetworkStandIn;
beforeAll(async () => {
  network = await startNetworkStandIn();
  dash = await startDashboard({ env: { NETWORK_URL: network.url } });
});
afterAll(async () => {
  await dash.stop();
  await network.stop();
});

const newKey = () => (randomUUID() + randomUUID()).replace(/-/g, '');
const byEntry = (watchers: Watcher[]) => [...watchers].sort((x, y) => x.id.localeCompare(y.id));

/** The watchers of `keys` as the alerts service asks for them (a service token), sorted by entry id. */
async function watchersOf(under: DashboardUnderTest, keys: string[]): Promise<Watcher[]> {
  const res = await fetch(`${under.server.url}${dashboardInternalContract.watchers.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [IDENTITY_HEADER]: signIdentity({}, SECRET) },
    body: JSON.stringify({ publicKeys: keys }),
  });
  expect(res.status).toBe(200);
  return byEntry((await readJson<WatchersReply>(res)).watchers);
}

async function create(wallet: string, extra: Record<string, unknown>): Promise<string> {
  const res = await dash.call<PortfolioEntryReply>('POST', dashboardContract.createEntry.path, { wallet, body: entryBody(extra) });
  expect(res.status).toBe(201);
  return res.body.entry.id;
}
const patch = (wallet: string, entryId: string, body: unknown) => dash.call('PATCH', pathOf(dashboardContract.updateEntry, { address: wallet, entryId }), { wallet, body });

describe('the watchers read after portfolio writes', () => {
  it('when two wallets link one node, then both entries are its watchers, with their labels, and a node no one links has none', async () => {
    const [a, b] = [newWallet(), newWallet()];
    const [key, other] = [newKey(), newKey()];
    const first = await create(a, { nodePublicKey: key.toUpperCase(), label: 'Rack 3' });
    const second = await create(b, { nodePublicKey: key });
    await create(b, { label: 'typed, not linked' });
    expect(await watchersOf(dash, [key, other])).toEqual(
      byEntry([
        { walletAddress: a, id: first, nodePublicKey: key, label: 'Rack 3' },
        { walletAddress: b, id: second, nodePublicKey: key },
      ]),
    );
    expect(await watchersOf(dash, [other])).toEqual([]);
  });

  it('when an entry is relinked to another node, then the old node loses it and the new one has it, with a later label edit', async () => {
    const wallet = newWallet();
    const [from, to] = [newKey(), newKey()];
    const id = await create(wallet, { nodePublicKey: from, label: 'Rack 1' });
    expect((await patch(wallet, id, { nodePublicKey: to })).status).toBe(200);
    expect((await patch(wallet, id, { label: 'Rack 2' })).status).toBe(200);
    expect(await watchersOf(dash, [from])).toEqual([]);
    expect(await watchersOf(dash, [from, to])).toEqual([{ walletAddress: wallet, id, nodePublicKey: to, label: 'Rack 2' }]);
  });

  it('when an entry is unlinked, then its node has no watcher, and linking it again makes it one', async () => {
    const wallet = newWallet();
    const key = newKey();
    const id = await create(wallet, { nodePublicKey: key });
    expect((await patch(wallet, id, { nodePublicKey: null })).status).toBe(200);
    expect(await watchersOf(dash, [key])).toEqual([]);
    expect((await patch(wallet, id, { nodePublicKey: key })).status).toBe(200);
    expect(await watchersOf(dash, [key])).toEqual([{ walletAddress: wallet, id, nodePublicKey: key }]);
  });

  it('when a linked entry is deleted, then its node loses that watcher and keeps the other wallet’s', async () => {
    const [a, b] = [newWallet(), newWallet()];
    const key = newKey();
    const gone = await create(a, { nodePublicKey: key });
    const kept = await create(b, { nodePublicKey: key });
    expect((await dash.call('DELETE', pathOf(dashboardContract.deleteEntry, { address: a, entryId: gone }), { wallet: a })).status).toBe(200);
    expect(await watchersOf(dash, [key])).toEqual([{ walletAddress: b, id: kept, nodePublicKey: key }]);
  });

  it('when another wallet tries to relink or delete an entry, then 404 and the node keeps its watcher', async () => {
    const [owner, intruder] = [newWallet(), newWallet()];
    const [key, elsewhere] = [newKey(), newKey()];
    const id = await create(owner, { nodePublicKey: key });
    expect((await patch(intruder, id, { nodePublicKey: elsewhere })).status).toBe(404);
    expect((await dash.call('DELETE', pathOf(dashboardContract.deleteEntry, { address: intruder, entryId: id }), { wallet: intruder })).status).toBe(404);
    expect(await watchersOf(dash, [key, elsewhere])).toEqual([{ walletAddress: owner, id, nodePublicKey: key }]);
  });

  it('when 20 wallets link one node at once, then all 20 are its watchers', async () => {
    const key = newKey();
    const wallets = Array.from({ length: 20 }, () => newWallet());
    const ids = await Promise.all(wallets.map((wallet) => create(wallet, { nodePublicKey: key })));
    expect(await watchersOf(dash, [key])).toEqual(byEntry(wallets.map((wallet, i) => ({ walletAddress: wallet, id: ids[i] ?? '', nodePublicKey: key }))));
  });
});

describe('entries stored before the node links', () => {
  it('when the service starts on them, then their nodes’ watchers are found, each entry once, also after a restart, and a stale link names no one', async () => {
    const db = `dashboard_test_links_${randomUUID().slice(0, 8)}`;
    const [a, b] = [newWallet(), newWallet()];
    const [shared, single, stale] = [newKey(), newKey(), newKey()];
    const at = new Date('2026-01-02T00:00:00Z');
    const stored = (wallet: string, fields: Record<string, unknown>) => ({ _id: randomUUID(), wallet, ...entryBody(), ...fields, createdAt: at, updatedAt: at });
    const entries = [
      stored(a, { nodePublicKey: shared, label: 'old A' }),
      stored(b, { nodePublicKey: shared }),
      stored(b, { nodePublicKey: single, nodeCount: 1 }),
      stored(a, { nodePublicKey: null }),
      stored(b, {}), // kept before linking existed: no nodePublicKey at all
    ];
    const mongo = await connectMongo(TEST_MONGO_URL, db);
    await mongo.collection('portfolio_entries').insertMany(entries as never[]);
    // A link left over by a crash (the entry links `single`, not `stale`) must name no one, and a
    // node whose document names one of its two entries gets the other.
    await mongo.collection('node_links').insertMany([{ _id: stale, entryIds: [entries[2]?._id] }, { _id: shared, entryIds: [entries[0]?._id] }] as never[]);
    await mongo.close();

    const watcher = (entry: (typeof entries)[number], key: string, label?: string): Watcher => ({ walletAddress: entry.wallet, id: entry._id, nodePublicKey: key, ...(label ? { label } : {}) });
    const [oldA, oldB, oldSingle] = entries as [(typeof entries)[number], (typeof entries)[number], (typeof entries)[number]];
    const expected = byEntry([watcher(oldA, shared, 'old A'), watcher(oldB, shared), watcher(oldSingle, single)]);
    for (let start = 0; start < 2; start++) {
      const started = await startDashboard({ env: { MONGO_DB: db, NETWORK_URL: network.url } });
      try {
        expect(await watchersOf(started, [shared, single, stale])).toEqual(expected);
        expect(await watchersOf(started, [stale])).toEqual([]);
      } finally {
        await started.stop({ keepData: start === 0 });
      }
    }
  });
});
