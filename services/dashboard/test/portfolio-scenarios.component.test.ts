import { DASHBOARD_LIMITS, DEFAULT_ECONOMICS_RESULTS, dashboardContract, pathOf, type NetworkData, type DeletedReply, type PortfolioEntryReply, type PortfolioReply, type ProfileReply, type ScenarioReply, type ScenariosReply } from '@shm/contracts';
import { connectMongo } from '@shm/platform/mongo';
import { createRedis, publishEvent, type Redis } from '@shm/platform/redis';
import { errorOf, TEST_REDIS_URL } from '@shm/platform/testing';
import { newWallet, startDashboard, type DashboardUnderTest } from './support/dashboard-under-test';
import { entryBody, profileBody, scenarioBody } from './support/samples';

jest.setTimeout(60_000);

// A fixed "today": 2026-03-02 is 60 days, i.e. two 30-day months, after 2026-01-01.
const NOW = new Date('2026-03-02T00:00:00Z');
let dash: DashboardUnderTest;
let redis: Redis;

/** A snapshot that differs from every default: 12 SHM/h, 30 active, 270 standby → 12 × 720 × 30/300 = 864 SHM a month per node. */
const snapshot = (): NetworkData => ({
  totalNodes: 300,
  activeSlots: 30,
  standbyNodes: 270,
  communityNodes: 300,
  source: 'archiver_live_data',
  isEstimate: false,
  lastUpdated: new Date().toISOString(),
  rewardPerHour: 12,
});

beforeAll(async () => {
  redis = createRedis(TEST_REDIS_URL, 'client');
  dash = await startDashboard({ now: () => NOW });
});
afterAll(async () => {
  await dash.stop();
  redis.disconnect();
});

describe('portfolio entries and their performance', () => {
  it('when the network reports new parameters, then each entry shows the SHM expected since its entry date and actual / expected', async () => {
    const wallet = newWallet();
    const network = snapshot();
    await publishEvent(redis, 'network.updated', { network, at: network.lastUpdated });
    const deadline = Date.now() + 5000;
    while ((await dash.call<PortfolioReply>('GET', pathOf(dashboardContract.portfolio, { address: wallet }), { wallet })).body.basis.lastUpdated !== network.lastUpdated) {
      if (Date.now() > deadline) throw new Error('the dashboard did not follow network.updated');
      await new Promise((r) => setTimeout(r, 20));
    }
    const created = await dash.call<PortfolioEntryReply>('POST', dashboardContract.createEntry.path, { wallet, body: entryBody({ actualRewards: 3110.4, label: 'First two' }) });
    expect(created.status).toBe(201);
    // 2 nodes × 864 SHM × 2 months = 3456 SHM expected; 3110.4 / 3456 = 0.9.
    expect(created.body.entry.performance.monthsElapsed).toBeCloseTo(2, 10);
    expect(created.body.entry.performance.expectedRewards).toBeCloseTo(3456, 6);
    expect(created.body.entry.performance.ratio).toBeCloseTo(0.9, 10);

    const { body } = await dash.call<PortfolioReply>('GET', pathOf(dashboardContract.portfolio, { address: wallet }), { wallet });
    expect(body.basis).toEqual({ rewardPerHour: 12, activeCommunityNodes: 30, standbyNodes: 270, monthlySHMPerNode: 864, source: 'live', lastUpdated: network.lastUpdated });
    expect(body.entries).toEqual([created.body.entry]);
  });

  it('when an entry is edited or dated in the future, then its performance follows; when deleted, it is gone', async () => {
    const wallet = newWallet();
    const { entry } = (await dash.call<PortfolioEntryReply>('POST', dashboardContract.createEntry.path, { wallet, body: entryBody() })).body;
    const future = await dash.call<PortfolioEntryReply>('PATCH', pathOf(dashboardContract.updateEntry, { address: wallet, entryId: entry.id }), { wallet, body: { entryDate: '2026-04-01', nodeCount: 3 } });
    expect(future.status).toBe(200);
    expect(future.body.entry).toMatchObject({ nodeCount: 3, entryDate: '2026-04-01', performance: { monthsElapsed: 0, expectedRewards: 0, ratio: null } });
    const bad = await dash.call<PortfolioEntryReply>('PATCH', pathOf(dashboardContract.updateEntry, { address: wallet, entryId: entry.id }), { wallet, body: { entryDate: '01/02/2026', nodeCount: 0, actualRewards: -5 } });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).fields).toEqual({ entryDate: 'Must be a date (YYYY-MM-DD)', nodeCount: 'Must be at least 1', actualRewards: 'Must be at least 0' });
    expect((await dash.call<DeletedReply>('DELETE', pathOf(dashboardContract.updateEntry, { address: wallet, entryId: entry.id }), { wallet })).body).toEqual({ success: true, deletedId: entry.id });
    expect((await dash.call<PortfolioReply>('GET', pathOf(dashboardContract.portfolio, { address: wallet }), { wallet })).body.entries).toEqual([]);
    expect((await dash.call<DeletedReply>('DELETE', pathOf(dashboardContract.updateEntry, { address: wallet, entryId: entry.id }), { wallet })).status).toBe(404);
  });

  it(`when a wallet keeps ${DASHBOARD_LIMITS.portfolioEntries} entries, then another is refused with 409 and nothing is added`, async () => {
    const wallet = newWallet();
    const docs = Array.from({ length: DASHBOARD_LIMITS.portfolioEntries }, (_, i) => ({
      _id: `seeded-${i}`, wallet, ...entryBody(), createdAt: NOW, updatedAt: NOW,
    }));
    // Seeded straight into the collection: 500 HTTP creations would only test the same path 500 times.
    const connection = await connectMongo(dash.config.MONGO_URL, dash.config.MONGO_DB);
    await connection.collection('portfolio_entries').insertMany(docs as never[]);
    await connection.close();
    const res = await dash.call<PortfolioEntryReply>('POST', dashboardContract.createEntry.path, { wallet, body: entryBody() });
    expect(res.status).toBe(409);
    expect(errorOf(res).code).toBe('LIMIT_REACHED');
    expect((await dash.call<PortfolioReply>('GET', pathOf(dashboardContract.portfolio, { address: wallet }), { wallet })).body.entries).toHaveLength(DASHBOARD_LIMITS.portfolioEntries);
  });
});

describe('saved scenarios', () => {
  it('when a scenario is saved, then it lists, reads back with the same parameters and results, renames and deletes', async () => {
    const wallet = newWallet();
    const profile = (await dash.call<ProfileReply>('POST', dashboardContract.profiles.path, { wallet, body: profileBody('For scenarios') })).body.profile;
    const body = scenarioBody('Defaults', { profileId: profile.id, walletAddress: wallet });
    const saved = await dash.call<ScenarioReply>('POST', dashboardContract.saveScenario.path, { wallet, body });
    expect(saved.status).toBe(201);
    const id = saved.body.scenario.id;
    expect(saved.body.scenario).toMatchObject({ scenarioName: 'Defaults', profileId: profile.id, parameters: body.parameters, results: body.results });

    const listed = (await dash.call<ScenariosReply>('GET', pathOf(dashboardContract.scenarios, { address: wallet }), { wallet })).body.scenarios;
    expect(listed).toEqual([{ id, scenarioName: 'Defaults', profileId: profile.id, walletAddress: wallet, createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() }]);
    expect((await dash.call<ScenarioReply>('GET', pathOf(dashboardContract.scenario, { address: wallet, scenarioId: id }), { wallet })).body.scenario).toEqual(saved.body.scenario);

    const renamed = await dash.call<ScenarioReply>('PATCH', pathOf(dashboardContract.scenario, { address: wallet, scenarioId: id }), { wallet, body: { scenarioName: 'Bull case' } });
    expect(renamed.body.scenario).toEqual({ ...saved.body.scenario, scenarioName: 'Bull case' });
    expect((await dash.call<DeletedReply>('DELETE', pathOf(dashboardContract.scenario, { address: wallet, scenarioId: id }), { wallet })).body).toEqual({ success: true, deletedId: id });
    expect((await dash.call<ScenarioReply>('GET', pathOf(dashboardContract.scenario, { address: wallet, scenarioId: id }), { wallet })).status).toBe(404);
  });

  it('when results carry the risk bands and sensitivity, then they read back intact, and a malformed band is named', async () => {
    const wallet = newWallet();
    const base = scenarioBody('With bands', { walletAddress: wallet });
    // The figures of the calculator defaults (docs/methodology.md, worked example); a band edge may be null.
    const { realNetAPY, breakEvenShmPrice, breakEvenStandbyNodes, riskBands } = DEFAULT_ECONOMICS_RESULTS;
    const results = {
      ...base.results,
      realNetAPY,
      breakEvenShmPrice,
      breakEvenStandbyNodes,
      riskBands: { ...riskBands, timeToTarget: { ...riskBands.timeToTarget, p90: null } },
      sensitivity: [{ input: 'standbyNodes', netAPYLow: 261.66, netAPYHigh: 138.58, deltaLow: 72.73, deltaHigh: -50.35 }],
    };
    const saved = await dash.call<ScenarioReply>('POST', dashboardContract.saveScenario.path, { wallet, body: { ...base, results } });
    expect(saved.status).toBe(201);
    expect((await dash.call<ScenarioReply>('GET', pathOf(dashboardContract.scenario, { address: wallet, scenarioId: saved.body.scenario.id }), { wallet })).body.scenario.results).toEqual(results);

    const broken = { ...results, riskBands: { ...results.riskBands, monthlySHM: { ...results.riskBands.monthlySHM, p10: 'low' } } };
    const res = await dash.call<ScenarioReply>('POST', dashboardContract.saveScenario.path, { wallet, body: { ...base, results: broken } });
    expect(res.status).toBe(400);
    expect(Object.keys(errorOf(res).fields ?? {})).toEqual(['results.riskBands.monthlySHM.p10']);
  });

  it('when parameters or results break the calc contracts, then 400 names the nested field and nothing is stored', async () => {
    const wallet = newWallet();
    const base = scenarioBody('Broken');
    const res = await dash.call<ScenarioReply>('POST', dashboardContract.saveScenario.path, {
      wallet,
      body: { ...base, parameters: { ...base.parameters, totalNodes: 0 }, results: { ...base.results, grossAPY: 'high' } },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).fields).toEqual({
      'parameters.totalNodes': 'Must be at least 1',
      'results.grossAPY': 'Invalid input: expected number, received string',
    });
    const noName = await dash.call<ScenarioReply>('POST', dashboardContract.saveScenario.path, { wallet, body: { ...base, scenarioName: '' } });
    expect(errorOf(noName).fields).toEqual({ scenarioName: 'Must be 1–80 characters' });
    expect((await dash.call<ScenariosReply>('GET', pathOf(dashboardContract.scenarios, { address: wallet }), { wallet })).body.scenarios).toEqual([]);
  });
});
