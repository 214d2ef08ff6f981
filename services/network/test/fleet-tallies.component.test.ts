import type { NodeLookupReply } from '@shm/contracts';
import { connectMongo } from '@shm/platform/mongo';
import { TEST_MONGO_URL } from '@shm/platform/testing';
import { startArchiverAndPriceStandIn, type StandIn } from '../../../infra/stand-ins/archiver-and-price';
import { startNetwork, type NetworkUnderTest } from './support/network-under-test';

jest.setTimeout(180_000);

// Three scripted keys: FLAPPY goes active and is lost then refutes; WAITING joins standby and waits;
// QUITTER joins standby and is dropped from it without being selected (a missed refresh).
const [FLAPPY, WAITING, QUITTER, OLD] = ['f1', 'a2', 'b3', 'd4'].map((hex) => hex.repeat(32)) as [string, string, string, string];
const NONE = { syncTimeouts: 0, lost: 0, refuted: 0, earlyExits: 0, missedRefreshes: 0 };

let standIn: StandIn;
let n: NetworkUnderTest;

beforeAll(async () => {
  standIn = await startArchiverAndPriceStandIn({ network: { active: 40, foundation: 30, standby: 12, historyCycles: 200, counter: 20_000 } });
  n = await startNetwork({ ARCHIVER_URLS: `${standIn.archiver(0).url}#${standIn.archiver(0).publicKey}`, CYCLE_RANGES_PER_POLL: '40' });
});
afterAll(async () => {
  await n.stop();
  await standIn.close();
});

const lookUp = async (publicKeys: string[]) => {
  const res = await fetch(`${n.server.url}/api/shardeum-network/nodes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ publicKeys }) });
  return (await res.json()) as NodeLookupReply;
};
async function cycle(scripts: [string, 'join' | 'select' | 'lose' | 'refute' | 'unjoin'][] = [], cycles = 1) {
  for (const [key, action] of scripts) standIn.scriptNode(key, action);
  standIn.advance(cycles);
  await n.service.pollNetworkNow();
  await n.service.trackNodesNow();
}

describe('the tracker’s tallies for the fleet view (real MongoDB, scripted stand-in nodes)', () => {
  it('when a node flaps, another waits and a third misses its refresh, then the lookup counts each event once and luck costs nothing', async () => {
    await n.service.pollNetworkNow();
    await n.service.trackNodesNow(); // the history, in silence
    await cycle([[FLAPPY, 'join'], [WAITING, 'join'], [QUITTER, 'join']]); // 20 001: all three in standby
    await cycle([[FLAPPY, 'select'], [QUITTER, 'unjoin']]); // 20 002: FLAPPY syncs; QUITTER leaves the list unselected
    await cycle([], 2); // 20 004: FLAPPY active
    await cycle([[FLAPPY, 'lose']]); // 20 005: lost
    await cycle([[FLAPPY, 'refute']]); // 20 006: refuted, still active

    const reply = await lookUp([FLAPPY, WAITING, QUITTER]);
    const [flappy, waiting, quitter] = reply.nodes;
    expect(flappy).toMatchObject({ state: 'active', windows: { days30: { activations: 1, incidents: { ...NONE, lost: 1, refuted: 1 } } } });
    // In standby from 20 001 to 20 002: one 60-second cycle.
    expect(flappy?.windows?.days30.standbyCycles).toBeCloseTo(1, 9);
    expect(quitter).toMatchObject({ state: 'gone', windows: { days7: { incidents: { ...NONE, missedRefreshes: 1 } } } });
    // Waiting is only luck: no event; its expectation is the network's rate × its standby cycles.
    expect(waiting).toMatchObject({ state: 'standby', windows: { days30: { activations: 0, incidents: NONE } } });
    const window = waiting?.windows?.days30;
    if (!window || window.selectionRate === null) throw new Error('no selection rate after the stand-in’s cycles');
    expect(window.selectionRate).toBeGreaterThan(0);
    expect(window.expectedActivations).toBeCloseTo(window.selectionRate * window.standbyCycles, 12);
  });

  it('when a node was stored before the fleet view (no spans, no incidents), then it still reads, with empty tallies', async () => {
    const mongo = await connectMongo(TEST_MONGO_URL, n.mongoDb);
    await mongo.collection('network_node_states').insertOne({
      _id: OLD, state: 'standby', since: '2026-01-01T00:00:00.000Z', sinceCycle: 1, firstSeen: '2026-01-01T00:00:00.000Z', lastChange: null, periods: [], lastSeenCycle: 1,
    } as never);
    await mongo.close();
    const [old] = (await lookUp([OLD])).nodes;
    expect(old).toMatchObject({ state: 'standby', windows: { days7: { activations: 0, standbyCycles: 0, incidents: NONE }, days30: { standbyCycles: 0, incidents: NONE } } });
  });
});
