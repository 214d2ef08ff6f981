import { CALCULATOR_DEFAULTS, EconomicsReplySchema, repricedParams, ZERO_ADDRESS, type CalculatorParams, type EconomicsReply, type NetworkChange } from '@shm/contracts';
import { DEV_INTERNAL_SECRET } from '@shm/platform';
import { startTestServer, testLogger } from '@shm/platform/testing';
import { createApp } from '../src/app';
import { openAccess } from '../src/domain/access-policy';
import { liveDefaultsState } from '../src/domain/live-defaults';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer(createApp({ access: openAccess, liveDefaults: liveDefaultsState() }, { logger: testLogger('calc'), internalSecret: DEV_INTERNAL_SECRET }));
});
afterAll(() => server.close());

const economics = async (params: CalculatorParams) => {
  const res = await server.postJson<EconomicsReply>('/api/calculations/economics', { params, walletAddress: ZERO_ADDRESS });
  expect(res.status).toBe(200);
  return EconomicsReplySchema.parse(res.body).results;
};

// The change as the network watch publishes it for the stand-in's cut (network-watch.component.test.ts).
const CUT: NetworkChange = {
  id: 'nodeRewardAmountUsd@258915=0.0197192',
  cycle: 258_915,
  status: 'announced',
  seenAt: '2026-11-28T16:40:00.000Z',
  changes: [{ parameter: 'nodeRewardAmountUsd', from: 0.024649, to: 0.0197192 }],
  before: { rewardPerHour: 10, stakeRequired: 2400 },
  after: { rewardPerHour: 8, stakeRequired: 2400 },
};

describe('saved scenarios re-priced by the calculator after a reward cut', () => {
  it('when the reward is cut 10 → 8 SHM/h, then each scenario gets its old and new yield and break-even from the calculator, as worked out by hand', async () => {
    // Scenario A, the defaults: share 20 / 220 = 1/11; stake 2 400 × 0.1265 = 303.6 USD.
    //   old: 10 × 720 / 11 = 654.545 SHM → × 0.1265 = 82.8 USD − 35 = 47.8 USD a month;
    //        net APY 47.8 × 12 / 303.6 = 188.933 %; break-even 303.6 / 47.8 = 6.3515 months.
    //   new: 8 × 720 / 11 = 523.636 SHM → 66.24 USD − 35 = 31.24; net APY 374.88 / 303.6 = 123.478 %;
    //        break-even 303.6 / 31.24 = 9.7183 months.
    // Scenario B, 12 SHM/h typed in, 50 USD a month: re-priced to 12 × 8 / 10 = 9.6 SHM/h.
    //   old: 8 640 / 11 = 785.455 SHM → 99.36 USD − 50 = 49.36; net APY 592.32 / 303.6 = 195.099 %;
    //        break-even 303.6 / 49.36 = 6.1507 months.
    //   new: 6 912 / 11 = 628.364 SHM → 79.488 USD − 50 = 29.488; net APY 353.856 / 303.6 = 116.553 %;
    //        break-even 303.6 / 29.488 = 10.2957 months.
    const scenarios = [
      { saved: { ...CALCULATOR_DEFAULTS }, old: { netAPY: 188.933, breakEven: 6.3515 }, next: { rewardPerHour: 8, netAPY: 123.478, breakEven: 9.7183 } },
      { saved: { ...CALCULATOR_DEFAULTS, rewardPerHour: 12, nodeCostPerMonth: 50 }, old: { netAPY: 195.099, breakEven: 6.1507 }, next: { rewardPerHour: 9.6, netAPY: 116.553, breakEven: 10.2957 } },
    ];
    for (const { saved, old, next } of scenarios) {
      const before = await economics(saved);
      const params = repricedParams(saved, CUT);
      const after = await economics(params);
      expect(params.rewardPerHour).toBe(next.rewardPerHour);
      expect(params.shmStake).toBe(2400);
      expect(before.netAPY).toBeCloseTo(old.netAPY, 2);
      expect(before.breakEven).toBeCloseTo(old.breakEven, 3);
      expect(after.netAPY).toBeCloseTo(next.netAPY, 2);
      expect(after.breakEven).toBeCloseTo(next.breakEven, 3);
    }
  });
});
