import { randomUUID } from 'node:crypto';
import { connectMongo, type Connection } from '@shm/platform/mongo';
import { TEST_MONGO_URL } from '@shm/platform/testing';
import { cachedNodeStates } from '../src/node-tracking/data-access/cached-node-states';
import { nodeStateRepository } from '../src/node-tracking/data-access/node-state.repository';
import type { TrackedNode, TrackerState } from '../src/node-tracking/ports';

jest.setTimeout(60_000);

const DB = `network_node_states_test_${randomUUID().slice(0, 8)}`;
const connections: Connection[] = [];
const connect = async () => {
  const connection = await connectMongo(TEST_MONGO_URL, DB);
  connections.push(connection);
  return connection;
};

const key = (i: number) => i.toString(16).padStart(64, '0');
const node = (i: number, fields: Partial<TrackedNode> = {}): TrackedNode => ({
  publicKey: key(i),
  id: `id-${i}`,
  state: 'active',
  since: '2025-05-01T00:00:00.000Z',
  sinceCycle: 100,
  firstSeen: '2025-04-01T00:00:00.000Z',
  lastChange: 'activated',
  periods: [{ start: '2025-05-01T00:00:00.000Z', end: null }],
  lastSeenCycle: 100,
  ...fields,
});
const tracker = (lastCycle: number): TrackerState => ({ lastCycle, lastCycleAt: '2025-05-01T00:00:00.000Z', quietThrough: 0, rates: [] });

let main: Connection;
beforeAll(async () => {
  main = await connect();
});
beforeEach(async () => {
  await main.collection('network_node_states').deleteMany({});
  await main.collection('network_node_tracker').deleteMany({});
});
afterAll(async () => {
  await main.dropDatabase();
  await Promise.all(connections.map((c) => c.close()));
});

describe('node state repository (real MongoDB wire server)', () => {
  it('when nodes are saved, then they read back by key, by node id and (not gone) as current; a first sighting stored already is replaced', async () => {
    const states = await nodeStateRepository(main);
    await states.save({ inserted: [node(1), node(2, { state: 'gone', lastChange: 'removed' })], updated: [] });
    // A run that died after saving repeats its inserts with the newer state.
    await states.save({ inserted: [node(1, { state: 'standby', lastChange: 'standby-added' }), node(3)], updated: [] });

    expect((await states.current()).map((n) => [n.publicKey, n.state]).sort()).toEqual([[key(1), 'standby'], [key(3), 'active']]);
    expect(await states.byKeys([key(2), key(9)])).toEqual([node(2, { state: 'gone', lastChange: 'removed' })]);
    expect((await states.byIds(['id-2', 'id-3'])).map((n) => n.publicKey).sort()).toEqual([key(2), key(3)]);
  });

  it('when 120 changed nodes are saved at once, then all are written (FerretDB gets them in commands it can run)', async () => {
    const states = await nodeStateRepository(main);
    const many = Array.from({ length: 120 }, (_, i) => node(i + 10));
    await states.save({ inserted: many, updated: [] });
    await states.save({ inserted: [], updated: many.map((n) => ({ ...n, state: 'gone' as const, lastChange: 'removed' as const })) });
    expect(await states.current()).toEqual([]);
  });

  it('when gone nodes pass the retention, then only those are pruned', async () => {
    const states = await nodeStateRepository(main);
    await states.save({
      inserted: [
        node(1, { state: 'gone', since: '2025-01-01T00:00:00.000Z' }),
        node(2, { state: 'gone', since: '2025-04-01T00:00:00.000Z' }),
        node(3, { state: 'active', since: '2024-01-01T00:00:00.000Z' }),
      ],
      updated: [],
    });
    await states.pruneGone('2025-03-01T00:00:00.000Z');
    expect((await states.byKeys([key(1), key(2), key(3)])).map((n) => n.publicKey).sort()).toEqual([key(2), key(3)]);
  });

  it('when another replica ran since this one, then the kept copy is dropped and the stored states are read', async () => {
    const a = cachedNodeStates(await nodeStateRepository(await connect()));
    const b = cachedNodeStates(await nodeStateRepository(await connect()));
    await a.current();
    await a.save({ inserted: [node(1)], updated: [] });
    await a.saveTracker(tracker(5));
    expect((await a.current()).map((n) => n.state)).toEqual(['active']);

    // Replica b tracks cycle 6: node 1 left.
    await b.current();
    await b.save({ inserted: [], updated: [node(1, { state: 'gone', lastChange: 'removed' })] });
    await b.saveTracker(tracker(6));

    expect(await a.current()).toEqual([]);
  });
});
