import { createLogger } from '@shm/platform';
import { confirmCycle, RefusedReplyError, TIP_CYCLES, type QuorumDeps } from './archiver-quorum';
import type { ArchiverEndpoint, ArchiverPort, CycleRecord } from './ports';
import { quietCycle } from './testing/cycle-records';
import { memoryIdentity } from './testing/memory-stores';

const logger = createLogger('test', 'silent');
const MAINNET = 'a1'.repeat(32);
const TESTNET = 'b2'.repeat(32);
const NOW_S = 1_763_726_400; // 2025-11-21T12:00:00Z
const at = (url: string): ArchiverEndpoint => ({ url, publicKey: 'cc'.repeat(32) });
const [A, B, C] = [at('http://a'), at('http://b'), at('http://c')];

/** Cycle `counter` of a network, started `ago` cycles of 60 s before now; the marker names network and counter. */
const record = (counter: number, { network = MAINNET, ago = 1, fork = '' } = {}): CycleRecord =>
  quietCycle(counter, { marker: `${network.slice(0, 4)}-${counter}${fork}`, networkId: network, start: NOW_S - ago * 60 });
/** An archiver's latest TIP_CYCLES records ending at `newest`, newest first as the archiver sends them. */
const tip = (newest: number, options: Parameters<typeof record>[1] = {}) =>
  Array.from({ length: TIP_CYCLES }, (_, i) => record(newest - i, { ...options, ago: (options.ago ?? 1) + i }));

function deps(tips: Record<string, CycleRecord[] | Error>, overrides: Partial<QuorumDeps> = {}): QuorumDeps {
  const archiver = {
    latestCycles: async (endpoint: ArchiverEndpoint) => {
      const answer = tips[endpoint.url];
      if (answer instanceof Error) throw answer;
      return answer ?? [];
    },
  } as unknown as ArchiverPort;
  return { archiver, identity: memoryIdentity(MAINNET), newestAccepted: async () => undefined, maxLagCycles: 5, logger, ...overrides };
}
const reasons = (outcome: Awaited<ReturnType<typeof confirmCycle>>) => outcome.refused.map((r) => [r.archiver.url, r.reason]);

describe('confirmCycle', () => {
  it('when two of three archivers sign the same newest cycle and the third signs another marker, then the two win and the third is flagged as disagreeing', async () => {
    const outcome = await confirmCycle(deps({ 'http://a': tip(500), 'http://b': tip(500), 'http://c': tip(500, { fork: '-forged' }) }), [A, B, C], NOW_S * 1000);

    expect(outcome.quorum).toMatchObject({ agreement: 'quorum', final: { counter: 500, marker: 'a1a1-500' }, agreeing: [A, B] });
    expect(reasons(outcome)).toEqual([['http://c', 'disagrees']]);
  });

  it('when an archiver signs cycles of another network under a pinned key, then it is refused as wrong-network and the others decide', async () => {
    const outcome = await confirmCycle(deps({ 'http://a': tip(500), 'http://b': tip(500), 'http://c': tip(900, { network: TESTNET }) }), [C, A, B], NOW_S * 1000);

    expect(outcome.quorum).toMatchObject({ agreement: 'quorum', final: { counter: 500 }, agreeing: [A, B] });
    expect(reasons(outcome)).toEqual([['http://c', 'wrong-network']]);
  });

  it('when no network is held yet, then the first quorum teaches it, and an archiver of another network is refused in the same poll', async () => {
    const identity = memoryIdentity();
    const outcome = await confirmCycle(deps({ 'http://a': tip(500), 'http://b': tip(500), 'http://c': tip(900, { network: TESTNET }) }, { identity }), [A, B, C], NOW_S * 1000);

    await expect(identity.expected()).resolves.toBe(MAINNET);
    expect(outcome.quorum?.agreeing).toEqual([A, B]);
    expect(reasons(outcome)).toEqual([['http://c', 'wrong-network']]);
  });

  it('when the network id cannot be held (MongoDB away), then the quorum is still believed and an archiver of another network still refused this poll', async () => {
    const identity = { expected: async () => undefined, learn: async (): Promise<string> => Promise.reject(new Error('connection closed')) };
    const outcome = await confirmCycle(deps({ 'http://a': tip(500), 'http://b': tip(500), 'http://c': tip(900, { network: TESTNET }) }, { identity }), [A, B, C], NOW_S * 1000);

    expect(outcome.quorum).toMatchObject({ agreement: 'quorum', agreeing: [A, B] });
    expect(reasons(outcome)).toEqual([['http://c', 'wrong-network']]);
  });

  it('when a lone archiver answers and no network is held, then its cycle is used as a single source and teaches no network', async () => {
    const identity = memoryIdentity();
    const outcome = await confirmCycle(deps({ 'http://a': tip(500), 'http://b': new Error('connect ECONNREFUSED') }, { identity }), [A, B], NOW_S * 1000);

    expect(outcome.quorum).toMatchObject({ agreement: 'single source', final: { counter: 500 }, agreeing: [A] });
    expect(reasons(outcome)).toEqual([['http://b', 'unreachable']]);
    await expect(identity.expected()).resolves.toBeUndefined();
  });

  it('when archivers are a cycle apart, then the newest cycle both signed is final', async () => {
    const outcome = await confirmCycle(deps({ 'http://a': tip(501), 'http://b': tip(500, { ago: 2 }) }), [A, B], NOW_S * 1000);

    expect(outcome.quorum).toMatchObject({ agreement: 'quorum', final: { counter: 500 }, agreeing: [A, B] });
    expect(outcome.refused).toEqual([]);
  });

  it('when an archiver answers with cycles older than one accepted already (a replay), then it is refused as stale', async () => {
    const replayed = tip(440, { ago: 61 });
    const outcome = await confirmCycle(
      deps({ 'http://a': tip(500), 'http://b': tip(500), 'http://c': replayed }, { newestAccepted: async () => 499, maxLagCycles: 100 }),
      [A, B, C],
      NOW_S * 1000,
    );

    expect(outcome.quorum?.agreeing).toEqual([A, B]);
    expect(reasons(outcome)).toEqual([['http://c', 'stale']]);
  });

  it('when an archiver\'s newest cycle started more cycles ago than allowed, then it is refused as stale; at the limit it is not', async () => {
    const outcome = await confirmCycle(deps({ 'http://a': tip(500, { ago: 5 }), 'http://b': tip(500, { ago: 5 }), 'http://c': tip(500, { ago: 6 }) }), [A, B, C], NOW_S * 1000);

    expect(outcome.quorum?.agreeing).toEqual([A, B]);
    expect(reasons(outcome)).toEqual([['http://c', 'stale']]);
  });

  it('when two usable archivers agree on no cycle, then there is no final cycle rather than a guess', async () => {
    const outcome = await confirmCycle(deps({ 'http://a': tip(500), 'http://b': tip(500, { fork: '-x' }) }), [A, B], NOW_S * 1000);

    expect(outcome.quorum).toBeNull();
  });

  it('when a reply is refused for its signature, then the archiver is flagged untrusted', async () => {
    const untrusted = Object.assign(new Error('cycleinfo: signed by another key'), { name: 'UntrustedReplyError' });
    const outcome = await confirmCycle(deps({ 'http://a': tip(500), 'http://b': tip(500), 'http://c': untrusted }), [A, B, C], NOW_S * 1000);

    expect(reasons(outcome)).toEqual([['http://c', 'untrusted']]);
    expect(new RefusedReplyError('stale', 'x').message).toBe('stale: x');
  });
});
