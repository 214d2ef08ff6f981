import * as core from '@shardeum-foundation/lib-crypto-utils';
import { startArchiverAndPriceStandIn, type StandIn } from './archiver-and-price';

const NETWORK = { active: 40, foundation: 30, standby: 12, historyCycles: 600, activePeriodCycles: 100, counter: 10_000 };
const OLD = 'a1'.repeat(32);
const PLAIN = 'b2'.repeat(32);

interface JoinRequest {
  nodeInfo: { publicKey: string };
  appJoinData: { version: string };
}
type Signed<T> = T & { sign: { owner: string; sig: string } };

describe('archiver stand-in: node versions and the minimum version', () => {
  let standIn: StandIn;
  beforeEach(async () => {
    standIn = await startArchiverAndPriceStandIn({ network: NETWORK, control: true });
  });
  afterEach(() => standIn.close());

  const post = (path: string, body: unknown) => fetch(`${standIn.url}/stand-in/${path}`, { method: 'POST', body: JSON.stringify(body) });
  const signed = async <T>(path: string): Promise<T> => {
    const body = (await (await fetch(`${standIn.url}${path}`)).json()) as Signed<T>;
    expect(core.verifyObj(body)).toBe(true);
    return body;
  };

  it('when a scripted node joins with a version, then its join request names it as appJoinData.version; one without names 1.16.3', async () => {
    expect((await post('nodes', { publicKey: OLD, action: 'join', version: '1.15.2' })).status).toBe(200);
    expect((await post('nodes', { publicKey: PLAIN, action: 'join' })).status).toBe(200);
    standIn.advance(1);

    const { cycleInfo } = await signed<{ cycleInfo: { standbyAdd: JoinRequest[] }[] }>('/cycleinfo/1');
    const versions = Object.fromEntries((cycleInfo[0]?.standbyAdd ?? []).map((r) => [r.nodeInfo.publicKey, r.appJoinData.version]));
    expect([versions[OLD], versions[PLAIN]]).toEqual(['1.15.2', '1.16.3']);
  });

  it('when a minimum version is scripted for cycle C, then it is listed at once and in force from C', async () => {
    const at = standIn.counter() + 2;
    expect((await post('network-changes', { cycle: at, set: { minVersion: '1.17.0' } })).status).toBe(200);
    type Account = { networkAccount: { data: { current: { minVersion: string }; listOfChanges: { cycle: number; appData: Record<string, unknown> }[] } } };
    const read = async () => (await signed<Account>('/get-network-account?hash=false')).networkAccount.data;

    const before = await read();
    expect(before.current.minVersion).toBe('1.16.0');
    expect(before.listOfChanges.find((c) => c.cycle === at)?.appData).toEqual({ minVersion: '1.17.0' });
    standIn.advance(1);
    expect((await read()).current.minVersion).toBe('1.16.0');
    standIn.advance(1);
    expect((await read()).current.minVersion).toBe('1.17.0');
  });

  it('when a version is not a version, or named with another action, then it is refused with a 400 saying so', async () => {
    const bad = await post('nodes', { publicKey: OLD, action: 'join', version: 'latest' });
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'version must be a version such as 1.17.0' }]);
    const minimum = await post('network-changes', { cycle: 1, set: { minVersion: 117 } });
    expect([minimum.status, await minimum.json()]).toEqual([400, { error: 'set.minVersion must be a version such as 1.17.0' }]);
    expect((await post('nodes', { publicKey: OLD, action: 'join' })).status).toBe(200);
    standIn.advance(1);
    const other = await post('nodes', { publicKey: OLD, action: 'unjoin', version: '1.17.0' });
    expect([other.status, await other.json()]).toEqual([400, { error: 'version is named only with join' }]);
  });
});
