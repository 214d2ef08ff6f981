import * as core from '@shardeum-foundation/lib-crypto-utils';
import { startArchiverAndPriceStandIn, type StandIn } from './archiver-and-price';
import keys from './archiver-keys.json';

// A small network whose figures are easy to follow by hand: 40 active of which 30 foundation, so
// 10 community slots rotating every 100 active cycles (+2 syncing) ≈ one leave every 10.2 cycles,
// 12 standby nodes, 600 cycles of history before "now".
const NETWORK = { active: 40, foundation: 30, standby: 12, historyCycles: 600, activePeriodCycles: 100, counter: 10_000 };

interface Signed {
  sign: { owner: string; sig: string };
}
interface Record {
  counter: number;
  active: number;
  standby: number;
  syncing: number;
  removed: string[];
  joinedConsensors: { id: string; publicKey: string; foundationNode?: boolean }[];
}
interface Entry {
  publicKey: string;
  id?: string;
  foundationNode?: boolean;
}

describe('archiver stand-in', () => {
  let standIn: StandIn;
  const client = core.generateKeypair();
  const get = async <T>(path: string, archiver = 0) => {
    const text = await (await fetch(`${standIn.archiver(archiver).url}${path}`)).text();
    return { text, body: JSON.parse(text) as T & Signed };
  };
  const range = async (start: number, end: number, signer = client) => {
    // Signed as a client would, straight with the library: the archiver checks sender === owner and the signature.
    const request = { start, end, sender: signer.publicKey };
    core.signObj(request, signer.secretKey, signer.publicKey);
    const res = await fetch(`${standIn.url}/cycleinfo`, { method: 'POST', body: JSON.stringify(request) });
    return JSON.parse(await res.text()) as Signed & { cycleInfo?: Record[]; success?: boolean; error?: string };
  };
  const activeList = async () => (await get<{ nodeList: Entry[] }>('/full-nodelist?activeOnly=true')).body.nodeList;

  beforeEach(async () => {
    standIn = await startArchiverAndPriceStandIn({ network: NETWORK });
  });
  afterEach(() => standIn.close());

  it('when two archivers answer, then each signs with its own listed key and a changed figure breaks the signature', async () => {
    const listed = await get<{ activeArchivers: { publicKey: string; port: number }[] }>('/archivers', 1);
    expect(listed.body.activeArchivers.map((a) => a.publicKey)).toEqual(keys.archivers.slice(0, 2).map((k) => k.publicKey));
    expect(core.verifyObj(listed.body)).toBe(true);
    for (const archiver of [0, 1]) {
      const { body } = await get<{ cycleInfo: Record[] }>('/cycleinfo/1', archiver);
      expect(body.sign.owner).toBe(keys.archivers[archiver]?.publicKey);
      expect(core.verifyObj(body)).toBe(true);
      const [record] = body.cycleInfo;
      if (!record) throw new Error(`archiver ${archiver} answered no cycle`);
      record.active += 1;
      expect(core.verifyObj(body)).toBe(false);
    }
  });

  it('when the latest record is read, then its counts equal the node lists', async () => {
    const latestCycle = async () => {
      const [record] = (await get<{ cycleInfo: Record[] }>('/cycleinfo/1')).body.cycleInfo;
      if (!record) throw new Error('the archiver answered no cycle');
      return record;
    };
    const latest = await latestCycle();
    const lists = await Promise.all(
      ['activeOnly', 'standbyOnly', 'syncingOnly'].map(async (q) => (await get<{ nodeList: Entry[] }>(`/full-nodelist?${q}=true`)).body.nodeList),
    );
    // The history is phased so that "now" is not mid-rotation: 40 active, 12 standby, 0 syncing.
    expect([latest.counter, latest.active, latest.standby, latest.syncing]).toEqual([10_000, 40, 12, 0]);
    expect(lists.map((l) => l.length)).toEqual([40, 12, 0]);
    standIn.advance(15); // at least one rotation (every ~10 cycles) happens in 15 cycles
    const after = await latestCycle();
    expect(after.counter).toBe(10_015);
    expect(after.active + after.syncing).toBe(40);
    expect((await activeList()).length).toBe(after.active);
  });

  it('when a community node leaves, then its removal id is the id of an earlier non-foundation join', async () => {
    const recent = await range(9_900, 10_000);
    expect(core.verifyObj(recent)).toBe(true);
    const removal = recent.cycleInfo?.find((r) => r.removed.length > 0);
    if (!removal) throw new Error('no node left in cycles 9 900 to 10 000');
    const joins: Record['joinedConsensors'] = [];
    for (let start = 9_400; start < removal.counter; start += 101) {
      joins.push(...((await range(start, start + 100)).cycleInfo ?? []).flatMap((r) => r.joinedConsensors));
    }
    expect(joins.find((j) => j.id === removal.removed[0])?.foundationNode).toBe(false);
  });

  it('when a range spans more than 100 counters, then it is refused, signed; 101 counters (end − start = 100) pass, oldest first', async () => {
    const refused = await range(9_500, 9_601);
    expect(refused).toMatchObject({ success: false, error: 'Exceed maximum limit of 100 cycles' });
    expect(core.verifyObj(refused)).toBe(true);
    const accepted = await range(9_500, 9_600);
    expect(accepted.cycleInfo?.map((r) => r.counter)).toEqual(Array.from({ length: 101 }, (_, i) => 9_500 + i));
  });

  it('when the request is not signed by its sender, then the archiver answers a signed Invalid signature', async () => {
    const request = { start: 9_000, end: 9_001, sender: client.publicKey };
    core.signObj(request, client.secretKey, client.publicKey);
    const res = await fetch(`${standIn.url}/cycleinfo`, { method: 'POST', body: JSON.stringify({ ...request, end: 9_002 }) });
    const body = JSON.parse(await res.text()) as Signed;
    expect(body).toMatchObject({ success: false, error: 'Invalid signature' });
    expect(core.verifyObj(body)).toBe(true);
    expect(await get('/cycleinfo/0').then((r) => r.body)).toEqual({ success: false, error: 'Invalid count' });
  });

  it('when the archivers restarted, then long-active nodes carry no flag while their join records do', async () => {
    expect((await activeList()).filter((e) => 'foundationNode' in e)).toEqual([]);
    const genesis = await range(9_400, 9_410);
    // 30 foundation joins in the first cycles after genesis (counter 9 400), all flagged true.
    expect(genesis.cycleInfo?.flatMap((r) => r.joinedConsensors).filter((j) => j.foundationNode === true)).toHaveLength(30);
    standIn.advance(15);
    const flagged = (await activeList()).filter((e) => 'foundationNode' in e);
    expect(flagged.length).toBeGreaterThan(0);
    expect(flagged.every((e) => e.foundationNode === false)).toBe(true);
    standIn.restartArchivers();
    expect((await activeList()).filter((e) => 'foundationNode' in e)).toEqual([]);
  });

  it('when the network account is read, then its bigints are all-digit hex worth 10 SHM per hour and 2400 SHM stake', async () => {
    type Bi = { dataType: string; value: string };
    const { body } = await get<{ networkAccount: { data: { current: { [k: string]: Bi | number } } } }>('/get-network-account?hash=false');
    expect(core.verifyObj(body)).toBe(true);
    const c = body.networkAccount.data.current;
    const reward = c.nodeRewardAmountUsd as Bi;
    const stake = c.stakeRequiredUsd as Bi;
    // 24 649e12 = 0x57922289119000 and 240 × that = 0x5219006080770000 (worked out with a calculator).
    expect([reward, stake]).toEqual([
      { dataType: 'bi', value: '57922289119000' },
      { dataType: 'bi', value: '5219006080770000' },
    ]);
    const [mul, div, interval] = [c.stabilityScaleMul as number, c.stabilityScaleDiv as number, c.nodeRewardInterval as number];
    const shm = (v: Bi) => (BigInt(`0x${v.value}`) * BigInt(mul)) / BigInt(div);
    // 24 649e12 × 10 000 000 / 24 649 = 1e19 → 10 SHM per 3 600 000 ms; × 240 → 2400 SHM.
    expect(Number(shm(reward) * 3_600_000n / BigInt(interval)) / 1e18).toBe(10);
    expect(Number(shm(stake)) / 1e18).toBe(2400);
  });

  it('when started an hour behind, then the newest cycle began an hour ago, and 60 cycles of a minute later it begins within the last minute', async () => {
    const behind = await startArchiverAndPriceStandIn({ network: { ...NETWORK, duration: 60 }, behindSeconds: 3600 });
    try {
      const newestStart = async () => ((await (await fetch(`${behind.url}/cycleinfo/1`)).json()) as { cycleInfo: { start: number }[] }).cycleInfo[0]?.start ?? NaN;
      const now = Date.now() / 1000;
      expect(now - 3600 - (await newestStart())).toBeGreaterThanOrEqual(0);
      expect(now - 3600 - (await newestStart())).toBeLessThan(60 + 5);
      behind.advance(60);
      expect(Date.now() / 1000 - (await newestStart())).toBeLessThan(60 + 5);
    } finally {
      await behind.close();
    }
  });

  it('when an archiver signs wrongly, then bad-signature fails to verify and foreign-signer is not a listed key', async () => {
    standIn.configure({ archiverModes: { 0: 'bad-signature', 1: 'foreign-signer' } });
    const bad = (await get<{ nodeList: Entry[] }>('/full-nodelist?activeOnly=true', 0)).body;
    expect(bad.nodeList).toHaveLength(41); // one node added after signing
    expect(core.verifyObj(bad)).toBe(false);
    const foreign = (await get('/cycleinfo/1', 1)).body;
    expect(core.verifyObj(foreign)).toBe(true);
    expect(keys.archivers.map((k) => k.publicKey)).not.toContain(foreign.sign.owner);
    expect(standIn.callsTo(1)).toEqual(['cycleinfo']);
  });
});
