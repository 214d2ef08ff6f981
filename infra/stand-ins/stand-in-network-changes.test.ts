import * as core from '@shardeum-foundation/lib-crypto-utils';
import { startArchiverAndPriceStandIn, type StandIn } from './archiver-and-price';

const NETWORK = { active: 40, foundation: 30, standby: 12, historyCycles: 600, activePeriodCycles: 100, counter: 10_000 };
// 8 SHM/h at the default factor 1e7 / 24 649: 8 / 10 of the default 24 649e12 units = 19 719.2e12.
const EIGHT_SHM_UNITS = 19_719_200_000_000_000n;
const TEN_SHM_UNITS = 24_649_000_000_000_000n;

interface Bi {
  dataType: 'bi';
  value: string;
}
interface Account {
  networkAccount: {
    cycleNumber: number;
    data: {
      current: { nodeRewardAmountUsd: Bi; stabilityScaleMul: number };
      next: Record<string, unknown>;
      listOfChanges: { cycle: number; change: Record<string, unknown>; appData: Record<string, unknown> }[];
    };
  };
  sign: { owner: string; sig: string };
}

const units = (bi: Bi) => BigInt(`0x${bi.value}`);

describe('archiver stand-in: network account changes at a cycle', () => {
  let standIn: StandIn;
  beforeEach(async () => {
    standIn = await startArchiverAndPriceStandIn({ network: NETWORK, control: true });
  });
  afterEach(() => standIn.close());

  const account = async () => {
    const body = (await (await fetch(`${standIn.url}/get-network-account?hash=false`)).json()) as Account;
    expect(core.verifyObj(body)).toBe(true);
    return body.networkAccount.data;
  };

  it('when a reward cut is scripted for cycle C, then it is listed at once and `current` changes only from C', async () => {
    const at = standIn.counter() + 2;
    const res = await fetch(`${standIn.url}/stand-in/network-changes`, {
      method: 'POST',
      body: JSON.stringify({ cycle: at, set: { rewardUnits: EIGHT_SHM_UNITS.toString() } }),
    });
    expect(res.status).toBe(200);

    const before = await account();
    expect(units(before.current.nodeRewardAmountUsd)).toBe(TEN_SHM_UNITS);
    expect(before.next).toEqual({});
    const entry = before.listOfChanges.find((c) => c.cycle === at);
    expect(entry?.change).toEqual({});
    expect(units(entry?.appData.nodeRewardAmountUsd as Bi)).toBe(EIGHT_SHM_UNITS);

    standIn.advance(1);
    expect(units((await account()).current.nodeRewardAmountUsd)).toBe(TEN_SHM_UNITS);
    standIn.advance(1);
    const after = await account();
    expect(units(after.current.nodeRewardAmountUsd)).toBe(EIGHT_SHM_UNITS);
    // The entry stays listed after it took effect, as the archiver keeps recent changes.
    expect(after.listOfChanges.some((c) => c.cycle === at)).toBe(true);
  });

  it('when the script names an unknown setting or a bad amount, then it is refused with a 400 naming the field', async () => {
    const post = (body: unknown) => fetch(`${standIn.url}/stand-in/network-changes`, { method: 'POST', body: JSON.stringify(body) });
    const unknown = await post({ cycle: 1, set: { reward: '1' } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: 'set.reward is not a network account setting' });
    const bad = await post({ cycle: 1, set: { rewardUnits: 8 } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'set.rewardUnits must be a decimal string of 1e18 units' });
  });
});
