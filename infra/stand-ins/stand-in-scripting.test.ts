import * as core from '@shardeum-foundation/lib-crypto-utils';
import { startArchiverAndPriceStandIn, ScriptError, type StandIn } from './archiver-and-price';

// A small network: 40 active (30 foundation), 12 standby, 2 cycles of syncing, counter 10 000 "now".
const NETWORK = { active: 40, foundation: 30, standby: 12, historyCycles: 600, activePeriodCycles: 100, counter: 10_000 };
const K = 'c'.repeat(64);

interface Record {
  counter: number;
  active: number;
  standby: number;
  syncing: number;
  standbyAdd: { nodeInfo: { publicKey: string } }[];
  standbyRemove: string[];
  joinedConsensors: { id: string; publicKey: string }[];
  activatedPublicKeys: string[];
  activated: string[];
  removed: string[];
  lost: string[];
  refuted: string[];
  apoptosized: string[];
}
type Signed<T> = T & { sign: { owner: string; sig: string } };

describe('archiver stand-in: scripted nodes', () => {
  let standIn: StandIn;
  beforeEach(async () => {
    standIn = await startArchiverAndPriceStandIn({ network: NETWORK, control: true });
  });
  afterEach(() => standIn.close());

  const latest = async () => {
    const body = (await (await fetch(`${standIn.url}/cycleinfo/1`)).json()) as Signed<{ cycleInfo: Record[] }>;
    // Still signed by the archiver's own key, as every reply.
    expect(core.verifyObj(body)).toBe(true);
    const [record] = body.cycleInfo;
    if (!record) throw new Error('the archiver answered no cycle');
    return record;
  };
  const list = async (which: string) =>
    ((await (await fetch(`${standIn.url}/full-nodelist?${which}=true`)).json()) as { nodeList: { publicKey: string; id?: string }[] }).nodeList.map((e) => e.publicKey);
  const where = async () => ({
    active: (await list('activeOnly')).includes(K),
    syncing: (await list('syncingOnly')).includes(K),
    standby: (await list('standbyOnly')).includes(K),
  });

  it('when a key is joined, selected and removed, then each step is in the next record in the real shape, and it activates after the sync cycles', async () => {
    standIn.scriptNode(K, 'join');
    standIn.advance();
    const joined = await latest();
    expect(joined.standbyAdd.map((r) => r.nodeInfo.publicKey)).toContain(K);
    // 12 simulated standby nodes + K (no rotation is under way right after "now").
    expect(joined.standby).toBe(13);
    expect(await where()).toEqual({ active: false, syncing: false, standby: true });

    standIn.scriptNode(K, 'select');
    standIn.advance();
    const selected = await latest();
    const id = selected.joinedConsensors.find((j) => j.publicKey === K)?.id;
    if (id === undefined) throw new Error('the selected node is not among the cycle’s joins');
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect([standIn.scriptedState(K), await where()]).toEqual(['syncing', { active: false, syncing: true, standby: false }]);

    standIn.advance(); // one of the two sync cycles
    expect((await latest()).activatedPublicKeys).not.toContain(K);
    standIn.advance();
    const activated = await latest();
    expect([activated.activatedPublicKeys.includes(K), activated.activated.includes(id)]).toEqual([true, true]);
    // 40 simulated + K.
    expect(activated.active).toBe(41);
    expect(await where()).toEqual({ active: true, syncing: false, standby: false });

    standIn.scriptNode(K, 'remove');
    standIn.advance();
    expect((await latest()).removed).toContain(id);
    expect([standIn.scriptedState(K), await where()]).toEqual(['gone', { active: false, syncing: false, standby: false }]);
  });

  it('when an active scripted node is lost, then it stays listed one cycle and is apoptosized the next, unless it refutes', async () => {
    const L = 'd'.repeat(64);
    for (const key of [K, L]) standIn.scriptNode(key, 'join');
    standIn.advance();
    for (const key of [K, L]) standIn.scriptNode(key, 'select');
    standIn.advance(3); // selected, then 2 sync cycles
    for (const key of [K, L]) standIn.scriptNode(key, 'lose');
    standIn.advance();
    const lost = await latest();
    expect(lost.lost).toHaveLength(2);
    expect((await list('activeOnly')).filter((k) => k === K || k === L)).toHaveLength(2);
    standIn.scriptNode(L, 'refute');
    standIn.advance();
    const after = await latest();
    // K's id is apoptosized; L's refuted, and L stays active.
    expect([after.apoptosized.length, after.refuted.length]).toEqual([1, 1]);
    expect(after.apoptosized).toEqual(lost.lost.filter((id) => !after.refuted.includes(id)));
    expect([standIn.scriptedState(K), standIn.scriptedState(L)]).toEqual(['gone', 'active']);
  });

  it('when a standby key is unjoined before it is selected (a missed refresh, as the alerts script it), then the next record removes it from standby and no list has it', async () => {
    standIn.scriptNode(K, 'join');
    standIn.advance();
    expect(await where()).toEqual({ active: false, syncing: false, standby: true });
    standIn.scriptNode(K, 'unjoin');
    standIn.advance();
    const dropped = await latest();
    expect(dropped.standbyRemove).toContain(K);
    expect(dropped.joinedConsensors.map((j) => j.publicKey)).not.toContain(K);
    expect(await where()).toEqual({ active: false, syncing: false, standby: false });
    // It may rejoin: the end of the alerts' missed-refresh episode.
    standIn.scriptNode(K, 'join');
    standIn.advance();
    expect((await latest()).standbyAdd.map((r) => r.nodeInfo.publicKey)).toContain(K);
  });

  it('when an action does not fit where the node is, then it is refused', () => {
    expect(() => standIn.scriptNode(K, 'select')).toThrow(ScriptError);
    standIn.scriptNode(K, 'join');
    expect(() => standIn.scriptNode(K, 'unjoin')).toThrow(/already has join waiting/);
    standIn.advance();
    expect(() => standIn.scriptNode(K, 'remove')).toThrow(/cannot remove a node that is standby/);
    expect(() => standIn.scriptNode('XYZ', 'join')).toThrow(/64 lower-case hex/);
  });

  it('when the control routes are called over HTTP, then they advance the network and move the node as the methods do', async () => {
    const post = (path: string, body: object) => fetch(`${standIn.url}/stand-in/${path}`, { method: 'POST', body: JSON.stringify(body) });
    expect(await (await post('nodes', { publicKey: K, action: 'join' })).json()).toEqual({ publicKey: K, action: 'join', counter: 10_000 });
    expect(await (await post('advance', { cycles: 2 })).json()).toEqual({ counter: 10_002 });
    expect(await (await fetch(`${standIn.url}/stand-in/nodes/${K}`)).json()).toEqual({ publicKey: K, state: 'standby', counter: 10_002 });
    const refused = await post('nodes', { publicKey: K, action: 'remove' });
    expect([refused.status, await refused.json()]).toEqual([400, { error: 'cannot remove a node that is standby' }]);
    // The control routes are not archiver traffic.
    expect(standIn.calls).toEqual([]);
  });
});

describe('archiver stand-in: losses in the simulated rotation', () => {
  it('when every n-th leave is a loss, then the node is lost in one record and apoptosized in the next, by the same id', async () => {
    const standIn = await startArchiverAndPriceStandIn({ network: { ...NETWORK, lostEvery: 2 } });
    try {
      const body = (await (await fetch(`${standIn.url}/cycleinfo/100`)).json()) as { cycleInfo: Record[] };
      const records = body.cycleInfo.sort((a, b) => a.counter - b.counter);
      const losses = records.filter((r) => r.lost.length > 0);
      // About one leave in 10 cycles, half of them losses: at least 3 in the last 100 cycles.
      expect(losses.length).toBeGreaterThanOrEqual(3);
      const newest = records.at(-1)?.counter ?? 0;
      for (const r of losses.filter((l) => l.counter < newest)) {
        expect(records.find((n) => n.counter === r.counter + 1)?.apoptosized).toEqual(r.lost);
      }
      expect(records.some((r) => r.removed.length > 0)).toBe(true);
    } finally {
      await standIn.close();
    }
  });
});
