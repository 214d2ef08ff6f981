import { dashboardContract, pathOf, type FleetRow, type NodeStatus, type NodeWindow, type PortfolioReply } from '@shm/contracts';
import { newWallet, startDashboard, type DashboardUnderTest } from './support/dashboard-under-test';
import { startNetworkStandIn, type NetworkStandIn } from './support/network-stand-in';
import { entryBody, profileBody } from './support/samples';

jest.setTimeout(60_000);

// "Today" is 2026-01-31, 30 days after the entries' date 2026-01-01: each node's expectation and cost cover one month.
const NOW = new Date('2026-01-31T00:00:00Z');
const key = (n: number) => (n + 1).toString(16).padStart(64, '0');
const NONE = { syncTimeouts: 0, lost: 0, refuted: 0, earlyExits: 0, missedRefreshes: 0 };
const window = (days: number, activations: number, standbyCycles: number, rate: number, incidents = NONE): NodeWindow => ({
  days, activations, standbyCycles, selectionRate: rate, expectedActivations: standbyCycles * rate, incidents,
});

/** In standby all month, never active. */
const waiting = (publicKey: string, windows: NodeStatus['windows']): NodeStatus => ({
  publicKey, state: 'standby', since: '2026-01-01T00:00:00.000Z', firstSeen: '2025-12-01T00:00:00.000Z', lastChange: 'standby-added', activePeriods: [], earnedSHM: 0, windows,
});
/** Active since 01-30 (24 h to now), 100/3 SHM earned; one activation in 200 standby cycles at 0.5 % (1 expected) in both windows. */
const working = (publicKey: string, incidents = NONE): NodeStatus => ({
  publicKey, state: 'active', since: '2026-01-30T00:00:00.000Z', firstSeen: '2025-12-01T00:00:00.000Z', lastChange: 'activated',
  activePeriods: [{ start: '2026-01-30T00:00:00.000Z', end: null, earnedSHM: 100 / 3 }], earnedSHM: 100 / 3,
  windows: { days7: window(7, 1, 200, 0.005, incidents), days30: window(30, 1, 200, 0.005, incidents) },
});

let dash: DashboardUnderTest;
let network: NetworkStandIn;

beforeAll(async () => {
  network = await startNetworkStandIn();
  dash = await startDashboard({ now: () => NOW, env: { NETWORK_URL: network.url } });
});
afterAll(async () => {
  await dash.stop();
  await network.stop();
});

const hundredths = (value: number) => Math.round(value * 100);
const sumShown = (rows: FleetRow[], pick: (row: FleetRow) => number | null) => rows.reduce((sum, row) => sum + hundredths(pick(row) ?? 0), 0);

describe('the fleet view over 20 linked nodes', () => {
  it('when one node is unlucky beyond chance, one within it, one lost and refuted, then the flags and health say so and the Σ row is the sum of the rows', async () => {
    const wallet = newWallet();
    // The default profile prices the money columns: 0.25 USD per SHM, 35 USD per node a month.
    expect((await dash.call('POST', dashboardContract.createProfile.path, { wallet, body: profileBody('Plan') })).status).toBe(201);
    // 0: 0 activations in 500 standby cycles at 1 % = 5 expected (7 days: 116.6 cycles, 1.166 expected).
    network.statuses.set(key(0), waiting(key(0), { days7: window(7, 0, 116.6, 0.01), days30: window(30, 0, 500, 0.01) }));
    // 1: 1 activation in 120 cycles at 1 % = 1.2 expected (nothing in the last 7 days).
    network.statuses.set(key(1), waiting(key(1), { days7: window(7, 0, 0, 0.01), days30: window(30, 1, 120, 0.01) }));
    // 2: active, lost once and refuted once.
    network.statuses.set(key(2), working(key(2), { ...NONE, lost: 1, refuted: 1 }));
    for (let n = 3; n < 20; n += 1) network.statuses.set(key(n), working(key(n)));
    for (let n = 0; n < 20; n += 1) {
      const created = await dash.call('POST', dashboardContract.createEntry.path, { wallet, body: entryBody({ nodePublicKey: key(n), label: `Node ${n}` }) });
      expect(created.status).toBe(201);
    }

    const { status, body } = await dash.call<PortfolioReply>('GET', pathOf(dashboardContract.portfolio, { address: wallet }), { wallet });
    expect(status).toBe(200);
    const fleet = body.fleet;
    if (!fleet) throw new Error('no fleet in the reply');
    const rows = fleet.rows;
    expect(rows).toHaveLength(20);
    const row = (n: number) => rows.find((r) => r.publicKey === key(n));

    // P(X ≤ 0) over 500 cycles at 1 % = 0.99^500 = e^−5.025 = 0.00657 < 0.01: unlikely to be luck.
    expect(row(0)).toMatchObject({ unlikelyLuck: true, health: 100, days30: { activations: 0, expectedActivations: 5 }, days7: { expectedActivations: 1.17 } });
    expect(row(0)?.days30.pValue).toBeCloseTo(0.00657, 4);
    // P(X ≤ 1) over 120 cycles at 1 % = 0.99^120 + 1.2 × 0.99^119 = 0.29938 + 0.36289 = 0.66227: within chance.
    expect(row(1)).toMatchObject({ unlikelyLuck: false, health: 100, days30: { activations: 1, expectedActivations: 1.2 } });
    expect(row(1)?.days30.pValue).toBeCloseTo(0.66227, 4);
    // Two events that are not chance: 100 − 2 × 10.
    expect(row(2)).toMatchObject({ unlikelyLuck: false, health: 80, incidents: { ...NONE, lost: 1, refuted: 1 } });
    // A working node: 24 h active, 33.33 SHM shown, net 33.333 × 0.25 − 35 = −26.67 on 700 + 35.
    expect(row(7)).toMatchObject({ state: 'active', activeHours: 24, earnedSHM: 33.33, stakeUSD: 700, costUSD: 35, netUSD: -26.67, health: 100 });

    // Σ by hand: activations 30 days 0 + 1 + 18 × 1 = 19; expected 5 + 1.2 + 18 × 1 = 24.2; 7 days 1.17 + 0 + 18 = 19.17;
    // 18 active nodes × 24 h = 432 h; 18 × 33.33 = 599.94 SHM (what the rows show, not the 600 they add up to unrounded);
    // stake 20 × 700 = 14,000; cost 20 × 35 = 700; net 18 × −26.67 + 2 × −35 = −550.06.
    expect(fleet.totals).toEqual({
      nodes: 20,
      days7: { activations: 18, expectedActivations: 19.17 },
      days30: { activations: 19, expectedActivations: 24.2 },
      unlikelyLuck: 1,
      activeHours: 432,
      earnedSHM: 599.94,
      stakeUSD: 14_000,
      costUSD: 700,
      netUSD: -550.06,
      netReturn: expect.closeTo(-550.06 / 14_700, 12) as unknown,
      incidents: 2,
    });
    // And each summed column of the Σ row is exactly the sum of the rows' shown figures (in hundredths, no float drift).
    const columns: [keyof typeof fleet.totals, (r: FleetRow) => number | null][] = [
      ['activeHours', (r) => r.activeHours], ['earnedSHM', (r) => r.earnedSHM], ['stakeUSD', (r) => r.stakeUSD], ['costUSD', (r) => r.costUSD], ['netUSD', (r) => r.netUSD],
    ];
    for (const [column, pick] of columns) expect(hundredths(fleet.totals[column] as number)).toBe(sumShown(rows, pick));
    expect(hundredths(fleet.totals.days30.expectedActivations)).toBe(sumShown(rows, (r) => r.days30.expectedActivations));
    expect(hundredths(fleet.totals.days7.expectedActivations)).toBe(sumShown(rows, (r) => r.days7.expectedActivations));
    expect(fleet.money).toEqual({ profileName: 'Plan', shmPrice: 0.25, nodeCostPerMonth: 35 });
  });

  it('when the network service is from before the fleet view (no windows), then the rows list without health or expectation', async () => {
    const wallet = newWallet();
    const { windows: _dropped, ...old } = working(key(40));
    network.statuses.set(key(40), old);
    await dash.call('POST', dashboardContract.createEntry.path, { wallet, body: entryBody({ nodePublicKey: key(40) }) });
    const { body } = await dash.call<PortfolioReply>('GET', pathOf(dashboardContract.portfolio, { address: wallet }), { wallet });
    // No profile: priced at the entry's 0.12 USD per SHM, no cost: 33.333 × 0.12 = 4.00.
    expect(body.fleet?.rows[0]).toMatchObject({ health: null, unlikelyLuck: false, days30: { expectedActivations: null, pValue: null }, earnedSHM: 33.33, costUSD: 0, netUSD: 4 });
  });
});
