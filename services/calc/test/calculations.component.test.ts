import { CALCULATOR_DEFAULTS, EconomicsReplySchema, ErrorReplySchema, ProjectionReplySchema, ZERO_ADDRESS, type EconomicsReply } from '@shm/contracts';
import { errorOf, startTestServer, testLogger } from '@shm/platform/testing';
import { DEV_INTERNAL_SECRET } from '@shm/platform';
import { createApp } from '../src/app';
import { openAccess } from '../src/domain/access-policy';
import { liveDefaultsState } from '../src/domain/live-defaults';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer(createApp({ access: openAccess, liveDefaults: liveDefaultsState() }, { logger: testLogger('calc'), internalSecret: DEV_INTERNAL_SECRET }));
});
afterAll(() => server.close());

const economics = (params: Record<string, unknown>) =>
  server.postJson<EconomicsReply>('/api/calculations/economics', { params, walletAddress: ZERO_ADDRESS });

describe('POST /api/calculations/economics', () => {
  it('when the calculator defaults are posted, then monthly SHM and max nodes follow spec §9', async () => {
    const res = await economics({ ...CALCULATOR_DEFAULTS });
    expect(res.status).toBe(200);
    const { results } = EconomicsReplySchema.parse(res.body);
    expect(results.monthlySHM).toBeCloseTo((10 * 720 * 20) / 220, 9);
    expect(results.maxNodes).toBe(32);
  });

  it('when totalNodes is 0, then 400 names totalNodes with the spec message', async () => {
    const res = await economics({ ...CALCULATOR_DEFAULTS, totalNodes: 0 });
    expect(res.status).toBe(400);
    const { error } = ErrorReplySchema.parse(res.body);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({ 'params.totalNodes': 'Must be at least 1' });
    expect(error.message).toContain('totalNodes');
    expect(error.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('when several fields are wrong, then each is named with its own message', async () => {
    const res = await economics({ ...CALCULATOR_DEFAULTS, targetTimeframe: 0, shmPrice: -1, standbyNodes: 'many' });
    expect(res.status).toBe(400);
    expect(errorOf(res).fields).toEqual({
      'params.targetTimeframe': 'Must be at least 1 month',
      'params.shmPrice': 'Must be at least 0',
      'params.standbyNodes': 'Must be a number',
    });
  });

  it('when a field is missing or the wallet is malformed, then both are named', async () => {
    const { totalSupply: _t, ...rest } = CALCULATOR_DEFAULTS;
    const res = await server.postJson('/api/calculations/economics', { params: rest, walletAddress: 'me' });
    expect(res.status).toBe(400);
    expect(Object.keys(errorOf(res).fields ?? {})).toEqual(['params.totalSupply', 'walletAddress']);
  });

  it('when the body is not JSON or too large, then the reply is a 400 or 413 in the error shape', async () => {
    const bad = await server.postJson('/api/calculations/economics', '{"params":');
    expect(bad.status).toBe(400);
    expect(errorOf(bad).code).toBe('INVALID_JSON');
    const huge = await server.postJson('/api/calculations/economics', { params: CALCULATOR_DEFAULTS, pad: 'x'.repeat(40_000) });
    expect(huge.status).toBe(413);
    expect(errorOf(huge).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('when a number would overflow, then it is refused instead of returning Infinity', async () => {
    const res = await economics({ ...CALCULATOR_DEFAULTS, rewardPerHour: 1e300 });
    expect(res.status).toBe(400);
    expect(errorOf(res).fields?.['params.rewardPerHour']).toMatch(/at most/);
  });

  it('when the target can never be reached, then timeToTarget is null and the target is not achievable', async () => {
    const res = await economics({ ...CALCULATOR_DEFAULTS, nodeCostPerMonth: 500 });
    expect(res.status).toBe(200);
    expect(res.body.results.timeToTarget).toBeNull();
    expect(res.body.results.breakEven).toBeNull();
    expect(res.body.results.isTargetAchievable).toBe(false);
  });

  it('when an active period is given, then the bands echo it and an hour-long period narrows them', async () => {
    const fourHours = EconomicsReplySchema.parse((await economics({ ...CALCULATOR_DEFAULTS })).body).results.riskBands;
    const oneHour = EconomicsReplySchema.parse((await economics({ ...CALCULATOR_DEFAULTS, activePeriodHours: 1 })).body).results.riskBands;
    expect(fourHours.activePeriodHours).toBe(4);
    expect(oneHour.activePeriodHours).toBe(1);
    // 720 one-hour periods of 10 SHM: Binomial(720, 1/11) has P10 / P50 / P90 at 56 / 65 / 75 periods
    // (summed probabilities), 560…750 SHM, against 480…840 for 180 four-hour periods of 40 SHM.
    expect(oneHour.monthlySHM).toEqual({ p10: 560, p50: 650, p90: 750 });
    expect(oneHour.monthlySHM.p90 - oneHour.monthlySHM.p10).toBeLessThan(fourHours.monthlySHM.p90 - fourHours.monthlySHM.p10);
  });

  it('when the active period is shorter than a minute, longer than a month or not a number, then 400 names it', async () => {
    for (const [activePeriodHours, message] of [
      [0.01, 'Must be at least 1/60 (one minute)'],
      [721, 'Must be at most 720'],
      ['4h', 'Must be a number'],
    ] as const) {
      const res = await economics({ ...CALCULATOR_DEFAULTS, activePeriodHours });
      expect(res.status).toBe(400);
      expect(errorOf(res).fields).toEqual({ 'params.activePeriodHours': message });
    }
  });
});

describe('POST /api/calculations/projections', () => {
  const projection = {
    investmentAmount: 10_000,
    projectionMonths: 12,
    projectedShmPrice: 1,
    shmPrice: 0.1265,
    shmStake: 2400,
    nodeCostPerMonth: 35,
    rewardPerHour: 10,
    totalNodes: 256,
    activeCommunityNodes: 20,
    standbyNodes: 200,
  };

  it('when a projection is requested, then nodes, earnings and final value come back', async () => {
    const res = await server.postJson('/api/calculations/projections', { params: projection, walletAddress: ZERO_ADDRESS });
    expect(res.status).toBe(200);
    const { results } = ProjectionReplySchema.parse(res.body);
    expect(results.maxNodes).toBe(32);
    expect(results.totalValue).toBeCloseTo(10_000 + results.totalEarningsAfterMonths + results.stakingGains, 6);
    expect(results.monthly.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(results.monthly[11]?.cumulativeProfit).toBeCloseTo(results.totalEarningsAfterMonths, 6);
  });

  it('when the active period is out of range, then 400 names it on projections too', async () => {
    const res = await server.postJson('/api/calculations/projections', {
      params: { ...projection, activePeriodHours: 0 },
      walletAddress: ZERO_ADDRESS,
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).fields).toEqual({ 'params.activePeriodHours': 'Must be at least 1/60 (one minute)' });
  });

  it('when the period is 0 or fractional months, then 400 names projectionMonths', async () => {
    for (const projectionMonths of [0, 1.5]) {
      const res = await server.postJson('/api/calculations/projections', {
        params: { ...projection, projectionMonths },
        walletAddress: ZERO_ADDRESS,
      });
      expect(res.status).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {})).toEqual(['params.projectionMonths']);
    }
  });
});
