import { archiverClient } from './archiver.client';
import { archiverAcceptsRequest, archiverWire, newKey } from './fixtures/archiver-signing';
import { cycleData, p2pNode } from './fixtures/cycle-data';
import { stubServer, type SeenRequest, type StubReply } from './fixtures/stub-server';
import { UntrustedReplyError } from './shardus-crypto';

const limits = { timeoutMs: 2000, maxBytes: 1_000_000 };
const archiverKey = newKey();
const strangerKey = newKey();

let reply: (request: SeenRequest) => StubReply;
let server: Awaited<ReturnType<typeof stubServer>>;
beforeAll(async () => {
  server = await stubServer((request) => reply(request));
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.length = 0;
});

const endpoint = () => ({ url: server.url, publicKey: archiverKey.publicKey });
const signed = (obj: object, key = archiverKey) => () => ({ body: archiverWire(obj, key) });
const client = archiverClient(limits);

describe('archiverClient: signatures', () => {
  const cycles = { cycleInfo: [cycleData(100)] };

  it('when the reply is signed by the archiver, then it is accepted', async () => {
    reply = signed(cycles);
    await expect(client.latestCycles(endpoint(), 1)).resolves.toHaveLength(1);
  });

  it('when one figure is changed after signing, then the reply is refused as untrusted', async () => {
    reply = () => ({ body: archiverWire(cycles, archiverKey).replace('"active":255', '"active":256') });
    await expect(client.latestCycles(endpoint(), 1)).rejects.toThrow(/signature does not match/);
  });

  it('when the reply is signed by another key, then it is refused naming the signer check', async () => {
    reply = signed(cycles, strangerKey);
    const err = await client.latestCycles(endpoint(), 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UntrustedReplyError);
    expect((err as Error).message).toMatch(/signed by .*expected/);
  });

  it('when the reply carries no sign, then it is refused', async () => {
    reply = () => ({ body: JSON.stringify(cycles) });
    await expect(client.latestCycles(endpoint(), 1)).rejects.toThrow(/no well-formed sign/);
  });

  it('when the signature is hex too short to hold a signed hash, then it is refused (not thrown raw)', async () => {
    const wire = JSON.parse(archiverWire(cycles, archiverKey)) as { sign: { sig: string } };
    // 64 bytes: no room for the signed hash, so the library throws instead of answering false.
    wire.sign.sig = '0'.repeat(128);
    reply = () => ({ body: JSON.stringify(wire) });
    await expect(client.latestCycles(endpoint(), 1)).rejects.toThrow(/signature is malformed/);
  });

  it('when a signed reply is valid but misses a required field, then it is refused by validation', async () => {
    const { active: _active, ...withoutActive } = cycleData(100);
    reply = signed({ cycleInfo: [withoutActive] });
    await expect(client.latestCycles(endpoint(), 1)).rejects.toThrow(/unexpected reply \(cycleInfo\.0\.active/);
  });
});

describe('archiverClient: cycles', () => {
  it('when the latest cycles are asked, then each record is mapped with ids of left nodes and standby changes', async () => {
    const record = cycleData(7, {
      joinedConsensors: [
        { ...p2pNode('1'), id: 'id-1', cycleJoined: 'm', counterRefreshed: 7, foundationNode: true },
        { ...p2pNode('2'), id: 'id-2', cycleJoined: 'm', counterRefreshed: 7 },
      ],
      activatedPublicKeys: ['3'.repeat(64)],
      activated: ['id-3'],
      removed: ['id-4'],
      appRemoved: ['id-5'],
      apoptosized: ['id-6', 'id-4'],
      lost: ['id-7'],
      refuted: ['id-8'],
      lostAfterSelection: ['id-9'],
      standbyAdd: [{ nodeInfo: p2pNode('a'), selectionNum: 's', cycleMarker: 'm', proofOfWork: '', version: '1.16.0', sign: { owner: 'a'.repeat(64), sig: 'b'.repeat(192) } }],
      standbyRemove: ['b'.repeat(64)],
    });
    reply = signed({ cycleInfo: [record] });
    const [mapped] = await client.latestCycles(endpoint(), 1);
    // By hand: left = removed ∪ appRemoved ∪ apoptosized without repeats; `lost` (id-7) leaves only via a
    // later apoptosized, and lostAfterSelection (id-9) never was active. start = 1_763_000_000 + 7 × 60.
    expect(mapped).toEqual({
      counter: 7,
      marker: '0'.repeat(63) + '7',
      networkId: 'f'.repeat(64),
      start: 1_763_000_420,
      duration: 60,
      active: 255,
      standby: 412,
      syncing: 3,
      desired: 300,
      mode: 'processing',
      joined: [
        { publicKey: '1'.repeat(64), id: 'id-1', foundation: true },
        { publicKey: '2'.repeat(64), id: 'id-2' },
      ],
      activated: ['3'.repeat(64)],
      leftIds: ['id-4', 'id-5', 'id-6'],
      // Kept apart for the node tracker: id-4 is both removed and apoptosized, and counts in each.
      removedIds: ['id-4', 'id-5'],
      apoptosizedIds: ['id-6', 'id-4'],
      lostIds: ['id-7'],
      refutedIds: ['id-8'],
      standbyAdded: ['a'.repeat(64)],
      standbyRemoved: ['b'.repeat(64)],
    });
  });

  it('when more than 100 or fewer than 1 cycles are asked, then the count sent is clamped to 1..100', async () => {
    reply = signed({ cycleInfo: [] });
    await client.latestCycles(endpoint(), 500);
    await client.latestCycles(endpoint(), 0);
    expect(server.seen.map((r) => r.url)).toEqual(['/cycleinfo/100', '/cycleinfo/1']);
  });

  it('when the archiver refuses a GET unsigned, then the call fails with its text', async () => {
    reply = () => ({ body: JSON.stringify({ success: false, error: 'Invalid count' }) });
    await expect(client.latestCycles(endpoint(), 1)).rejects.toThrow(/archiver refused \(Invalid count\)/);
  });

  it('when a range is asked, then the request is signed as the archiver checks it and the records come back mapped', async () => {
    const requestKey = newKey();
    const own = archiverClient(limits, { requestKey });
    reply = (request) => {
      const body = JSON.parse(request.body) as { start: number; end: number; sender: string; sign: { owner: string } };
      if (!archiverAcceptsRequest(body)) return { body: archiverWire({ success: false, error: 'Invalid signature' }, archiverKey) };
      return { body: archiverWire({ cycleInfo: [cycleData(body.start), cycleData(body.end)] }, archiverKey) };
    };
    const records = await own.cycleRange(endpoint(), 10, 110);
    expect(records.map((r) => r.counter)).toEqual([10, 110]);
    expect(server.seen[0]).toMatchObject({ method: 'POST', url: '/cycleinfo' });
    expect(JSON.parse(server.seen[0]?.body ?? 'null')).toMatchObject({ start: 10, end: 110, sender: requestKey.publicKey });
  });

  it('when only the secret key is configured, then requests go out signed with its public half', async () => {
    const requestKey = newKey();
    const own = archiverClient(limits, { requestSecretKey: requestKey.secretKey });
    reply = signed({ cycleInfo: [] });
    await own.cycleRange(endpoint(), 1, 2);
    expect(JSON.parse(server.seen[0]?.body ?? 'null')).toMatchObject({ sender: requestKey.publicKey, sign: { owner: requestKey.publicKey } });
  });

  it('when the archiver refuses a range with a signed error, then the call fails with its text', async () => {
    reply = signed({ success: false, error: 'Exceed maximum limit of 100 cycles' });
    await expect(client.cycleRange(endpoint(), 0, 50)).rejects.toThrow(/archiver refused \(Exceed maximum limit of 100 cycles\)/);
  });

  it('when a range spans more than 100 cycles, then it is refused without calling the archiver', async () => {
    reply = signed({ cycleInfo: [] });
    await expect(client.cycleRange(endpoint(), 0, 101)).rejects.toThrow(/range 0\.\.101/);
    expect(server.seen).toHaveLength(0);
  });
});

describe('archiverClient: node lists and the network account', () => {
  it('when the active list is asked, then the foundation flag is kept where present and absent elsewhere', async () => {
    const entry = (digit: string, extra: object) => ({ ip: '10.0.0.1', port: 9001, publicKey: digit.repeat(64), id: `id-${digit}`, ...extra });
    reply = signed({ nodeList: [entry('1', { foundationNode: true }), entry('2', { foundationNode: false }), entry('3', {})] });
    const nodes = await client.activeNodes(endpoint());
    expect(server.seen[0]?.url).toBe('/full-nodelist?activeOnly=true');
    expect(nodes).toEqual([
      { publicKey: '1'.repeat(64), id: 'id-1', foundation: true },
      { publicKey: '2'.repeat(64), id: 'id-2', foundation: false },
      { publicKey: '3'.repeat(64), id: 'id-3' },
    ]);
  });

  it('when the standby list is asked, then standbyOnly is sent', async () => {
    reply = signed({ nodeList: [{ ip: '10.0.0.2', port: 9001, publicKey: '4'.repeat(64) }] });
    await expect(client.standbyNodes(endpoint())).resolves.toEqual([{ publicKey: '4'.repeat(64) }]);
    expect(server.seen[0]?.url).toBe('/full-nodelist?standbyOnly=true');
  });

  it('when the syncing list is asked, then syncingOnly is sent and each entry keeps its node id', async () => {
    reply = signed({ nodeList: [{ ip: '10.0.0.3', port: 9001, publicKey: '5'.repeat(64), id: 'id-5' }] });
    await expect(client.syncingNodes(endpoint())).resolves.toEqual([{ publicKey: '5'.repeat(64), id: 'id-5' }]);
    expect(server.seen[0]?.url).toBe('/full-nodelist?syncingOnly=true');
  });

  it('when the network account carries bigints, then their all-digit hex values are read as hex, in whole units', async () => {
    const current = {
      nodeRewardInterval: 3_600_000,
      // The archiver holds bigints; safeStringify writes them as hex without 0x.
      nodeRewardAmountUsd: 0x57922289119000n,
      stakeRequiredUsd: 0xde0b6b3a7640000n,
      stabilityScaleMul: 1000,
      stabilityScaleDiv: 1000,
    };
    const wire = archiverWire({ networkAccount: { accountId: '1'.repeat(64), hash: 'h', timestamp: 1, data: { current, next: {} } } }, archiverKey);
    expect(wire).toContain('{"dataType":"bi","value":"57922289119000"}');
    reply = () => ({ body: wire });
    const params = await client.networkAccount(endpoint());
    expect(server.seen[0]?.url).toBe('/get-network-account?hash=false');
    // By hand: 0x57922289119000 = 24 649 000 000 000 000 → 0.024649; 0xde0b6b3a7640000 = 10^18 → 1.
    const figures = { nodeRewardInterval: 3_600_000, nodeRewardAmountUsd: 0.024649, stakeRequiredUsd: 1, stabilityScaleMul: 1000, stabilityScaleDiv: 1000 };
    // The network watch's part of the same reply: the same values in force, nothing listed.
    expect(params).toEqual({ ...figures, watch: { current: figures, listed: [] } });
  });
});
