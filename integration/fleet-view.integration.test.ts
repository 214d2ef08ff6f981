// The fleet view end to end (issue 35): the archiver stand-in moves 20 scripted keys through its
// cycles, the network service polls and tracks them (real MongoDB wire server), and the dashboard
// (its NETWORK_URL the network service) answers the wallet's portfolio with the fleet rows and Σ.
// The stand-in starts T − AHEAD cycles behind the clock and is moved on by hand T cycles, so the
// scripted hour lies in the past as an operator lives it (periods earn up to now) while the last
// AHEAD cycles end after the lookups: every standby span, open ones too, is a whole number of
// cycles. Expected figures come from the script and the archiver's own records, not from the services.
import { DEFAULT_FEATURE_FLAGS, NodeLookupReplySchema, PortfolioReplySchema, dashboardContract, pathOf, type FleetRow, type NodeIncidentCounts, type NodeWindow } from '@shm/contracts';
import { createRedis, publishEvent, type Redis } from '@shm/platform/redis';
import { eventually } from '@shm/platform/testing';
import { startArchiverAndPriceStandIn, type ScriptAction, type StandIn } from '../infra/stand-ins/archiver-and-price';
import { REDIS_URL, testId } from './support/env';
import { callAs, compose, start, type Started } from './support/services';

jest.setTimeout(180_000);

/** Cycles moved on by hand; the stand-in's newest cycle ends AHEAD cycles after the clock once they are done. */
const T = 64;
const AHEAD = 10;
const CYCLE_SECONDS = 60;
const SYNC_CYCLES = 1;
/** The stand-in network account's reward (infra/stand-ins/network-account.ts) and the profile's price, USD per SHM. */
const REWARD_PER_HOUR = 10;
const SHM_PRICE = 0.25;
/** A small network whose rotation selects about one standby node in ten a cycle, so 5 expected activations take T cycles, not days. */
const NETWORK = { active: 40, foundation: 28, standby: 10, activePeriodCycles: 16, syncCycles: SYNC_CYCLES, historyCycles: 60, duration: CYCLE_SECONDS };

type Step = [cycle: number, action: ScriptAction];
/**
 * Each node's script: at which of the T cycles (1 = the first moved on) its action shows in the
 * record. Unlucky waits in standby all along and is never selected; Lucky is selected after 14
 * cycles (about 1.2 expected); Flappy is lost and refutes; Crashed is lost and apoptosized (an
 * early exit); Lapsed and Rejoined leave standby unselected (a missed refresh); Rotated n leave the
 * active set after 6n cycles; Syncing is selected in the last cycle.
 */
const PLAN: Record<string, Step[]> = {
  Unlucky: [[1, 'join']],
  Lucky: [[1, 'join'], [15, 'select']],
  Flappy: [[1, 'join'], [2, 'select'], [5, 'lose'], [6, 'refute']],
  Crashed: [[1, 'join'], [2, 'select'], [5, 'lose']],
  Lapsed: [[1, 'join'], [4, 'unjoin']],
  Rejoined: [[T - 18, 'join'], [T - 16, 'unjoin'], [T - 14, 'join']],
  Syncing: [[T - 12, 'join'], [T, 'select']],
  ...Object.fromEntries([1, 2, 3, 4].map((n) => [`Active ${n}`, [[1, 'join'], [2, 'select']] as Step[]])),
  ...Object.fromEntries([1, 2, 3, 4].map((n) => [`Rotated ${n}`, [[1, 'join'], [2, 'select'], [3 + 6 * n, 'remove']] as Step[]])),
  ...Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`Waiting ${n}`, [[T - 15, 'join']] as Step[]])),
};
const LABELS = Object.keys(PLAN);
const keyOf = (label: string) => Buffer.from(label).toString('hex').padEnd(64, '0');

/** What the script says of a node, worked out by hand from its steps (docs/my-nodes.md, "Fleet view"). */
function scripted(steps: Step[]) {
  let standbyCycles = 0;
  let joinedAt: number | null = null;
  let activeFrom: number | null = null;
  let activations = 0;
  let closedActiveCycles = 0;
  const events: NodeIncidentCounts = { syncTimeouts: 0, lost: 0, refuted: 0, earlyExits: 0, missedRefreshes: 0 };
  for (const [i, [cycle, action]] of steps.entries()) {
    if ((action === 'select' || action === 'unjoin') && joinedAt !== null) standbyCycles += cycle - joinedAt;
    if (action === 'join') joinedAt = cycle;
    else if (action === 'select' || action === 'unjoin') joinedAt = null;
    if (action === 'select') activeFrom = cycle + SYNC_CYCLES;
    if (action === 'select' && cycle + SYNC_CYCLES <= T) activations += 1;
    if (action === 'unjoin') events.missedRefreshes += 1;
    if (action === 'lose') events.lost += 1;
    if (action === 'refute') events.refuted += 1;
    if (action === 'remove' && activeFrom !== null) closedActiveCycles = cycle - activeFrom;
    // Not refuted the next cycle: apoptosized while active (an early exit), its period ending then.
    if (action === 'lose' && steps[i + 1]?.[1] !== 'refute' && activeFrom !== null) {
      events.earlyExits += 1;
      closedActiveCycles = cycle + 1 - activeFrom;
    }
  }
  // Still in standby: the window runs to the end of the newest cycle (T), ahead of the clock.
  if (joinedAt !== null) standbyCycles += T + 1 - joinedAt;
  const count = Object.values(events).reduce((sum, n) => sum + n, 0);
  return { standbyCycles, activations, events, health: Math.max(0, 100 - 10 * count), closedActiveCycles };
}

/** P(X ≤ k) for X ~ Binomial(n, p), term by term (n is a few dozen here). */
function binomialTail(successes: number, trials: number, chance: number): number {
  let sum = 0;
  let choose = 1;
  for (let i = 0; i <= Math.min(successes, trials); i += 1) {
    sum += choose * chance ** i * (1 - chance) ** (trials - i);
    choose = (choose * (trials - i)) / (i + 1);
  }
  return sum;
}
const hundredths = (value: number) => Math.round(value * 100);

let standIn: StandIn;
let network: Started;
let networkService: Awaited<ReturnType<typeof compose.network>>['service'];
let dashboard: Started;
let redis: Redis;
/** The archiver's cycle records by counter, read as anyone can (GET /cycleinfo/:count, the newest 100). */
type ArchiverRecord = { counter: number; start: number; standby: number; joinedConsensors: unknown[] };
const records = new Map<number, ArchiverRecord>();
const readRecords = async () => {
  const reply = (await (await fetch(`${standIn.archiver(0).url}/cycleinfo/100`)).json()) as { cycleInfo: ArchiverRecord[] };
  for (const record of reply.cycleInfo) records.set(record.counter, record);
};

beforeAll(async () => {
  redis = createRedis(REDIS_URL, 'client');
  standIn = await startArchiverAndPriceStandIn({ network: NETWORK, behindSeconds: (T - AHEAD) * CYCLE_SECONDS });
  const composed = await compose.network({
    ARCHIVER_URLS: `${standIn.archiver(0).url}#${standIn.archiver(0).publicKey}`,
    CYCLE_RANGES_PER_POLL: '40',
    NETWORK_RPC_URL: '',
    EXPLORER_API_URL: '',
    UPSTREAM_TIMEOUT_MS: '2000',
    // The replay's newest cycle is up to T − AHEAD cycles old until it catches up.
    ARCHIVER_MAX_LAG_CYCLES: String(T),
  });
  networkService = composed.service;
  network = await start(composed);
  await readRecords();
  // The first run reads the history in silence.
  await networkService.pollNetworkNow();
  await networkService.trackNodesNow();
  dashboard = await start(await compose.dashboard({ NETWORK_URL: network.url, NETWORK_LOOKUP_TIMEOUT_MS: '10000' }));
  await publishEvent(redis, 'flags.changed', { flags: { ...DEFAULT_FEATURE_FLAGS, personalizedDashboard: true }, at: new Date().toISOString() });
});

afterAll(async () => {
  await dashboard?.stop();
  await network?.stop();
  await standIn?.close();
  redis?.disconnect();
});

describe('the fleet view through the stand-in, the network service and the dashboard', () => {
  it('when 20 linked nodes live a scripted hour, then 0 of ≥ 5 expected is flagged, 1 of about 1.2 is not, lost-and-refuted costs health and bad luck does not, and Σ adds the rows', async () => {
    const wallet = `0x${testId()}${'f1ee7'.repeat(6)}${testId()}`.slice(0, 42);
    const portfolioPath = pathOf(dashboardContract.portfolio, { address: wallet });
    await eventually(async () => (await callAs(dashboard.url, wallet, 'GET', portfolioPath)).status === 200, 'the dashboard to follow the flag');
    const profile = { profileName: 'Fleet', investmentAmount: 14_000, targetTimeframe: 12, targetEarnings: 5_000, riskTolerance: 'moderate', preferredShmPrice: SHM_PRICE, customNodeCost: 35 };
    expect((await callAs(dashboard.url, wallet, 'POST', dashboardContract.createProfile.path, profile)).status).toBe(201);
    // Counted from yesterday (UTC): earlier than any cycle here, so each node counts from its first sighting.
    const entryDate = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (const label of LABELS) {
      const entry = { nodeCount: 1, actualInvestment: 700, shmPriceAtEntry: 0.12, actualRewards: 0, entryDate, label, nodePublicKey: keyOf(label) };
      expect((await callAs(dashboard.url, wallet, 'POST', dashboardContract.createEntry.path, entry)).status).toBe(201);
    }

    const started = Date.now();
    /** The counter of cycle 1 of the script. */
    const first = standIn.counter() + 1;
    let polls = 0;
    for (let cycle = 1; cycle <= T; cycle += 1) {
      const due = LABELS.flatMap((label) => (PLAN[label] ?? []).filter(([at]) => at === cycle).map(([, action]) => [label, action] as const));
      for (const [label, action] of due) standIn.scriptNode(keyOf(label), action);
      standIn.advance();
      // A poll and a tracking run after each scripted cycle; a quiet stretch is caught up in one, as after a pause.
      if (due.length === 0 && cycle % 8 !== 0 && cycle !== T) continue;
      await networkService.pollNetworkNow();
      await networkService.trackNodesNow();
      polls += 1;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    await readRecords();

    // The selection rate by hand: every record from the stand-in's genesis on (all within both windows).
    const counters = [...records.keys()].sort((a, b) => a - b);
    expect(counters).toEqual(Array.from({ length: counters.length }, (_, i) => (counters[0] ?? 0) + i));
    const all = [...records.values()];
    const rate = all.reduce((n, r) => n + r.joinedConsensors.length, 0) / all.reduce((n, r) => n + r.standby, 0);

    const lookup = await fetch(`${network.url}/api/shardeum-network/nodes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicKeys: LABELS.map(keyOf) }),
    });
    const statuses = NodeLookupReplySchema.parse(await lookup.json()).nodes;
    const asked = Date.now();
    const { status, body } = await callAs(dashboard.url, wallet, 'GET', portfolioPath);
    const answered = Date.now();
    expect(status).toBe(200);
    const fleet = PortfolioReplySchema.parse(body).fleet;
    if (!fleet) throw new Error('no fleet in the portfolio reply');
    // The lookups ran before the newest cycle ended, so the open spans end with it (whole cycles).
    expect(Date.now() / 1000).toBeLessThan((records.get(counters.at(-1) ?? 0)?.start ?? 0) + CYCLE_SECONDS);
    const rowOf = (label: string) => {
      const row = fleet.rows.find((r) => r.label === label);
      if (!row) throw new Error(`no fleet row for ${label}`);
      return row;
    };

    const shown = (win: FleetRow['days30']) => `${win.activations} of ${win.expectedActivations?.toFixed(2) ?? '–'}, p ${win.pValue?.toFixed(4) ?? '–'}`.padEnd(24);
    const t = fleet.totals;
    console.log(
      [
        `selection rate ${rate.toFixed(5)} per standby-node-cycle over ${all.length} records; ${T} cycles in ${polls} polls and tracking runs, ${seconds} s`,
        'node         state     7 d (k of E, p)          30 d (k of E, p)         flag  hours    SHM  cost  net USD  health',
        ...fleet.rows.map((r) =>
          [r.label.padEnd(12), r.state.padEnd(9), shown(r.days7), shown(r.days30), r.unlikelyLuck ? 'yes ' : 'no  ', r.activeHours.toFixed(2).padStart(6), r.earnedSHM.toFixed(2).padStart(6), r.costUSD.toFixed(2).padStart(5), r.netUSD.toFixed(2).padStart(8), String(r.health).padStart(6)].join(' '),
        ),
        `Σ ${t.nodes} nodes: 7 d ${t.days7.activations} of ${t.days7.expectedActivations}, 30 d ${t.days30.activations} of ${t.days30.expectedActivations}, ${t.unlikelyLuck} flagged, ${t.activeHours} h, ${t.earnedSHM} SHM, stake ${t.stakeUSD}, cost ${t.costUSD}, net ${t.netUSD} USD, return ${t.netReturn?.toFixed(6) ?? '–'}, ${t.incidents} events`,
      ].join('\n'),
    );

    expect(fleet.rows).toHaveLength(20);
    for (const label of LABELS) {
      const hand = scripted(PLAN[label] ?? []);
      const row = rowOf(label);
      const tallied = statuses.find((s) => s.publicKey === keyOf(label))?.windows?.days30 as NodeWindow;
      // The network's figures: the rate over the same records, the node's cycles on the list.
      expect({ label, rate: tallied.selectionRate, standbyCycles: tallied.standbyCycles }).toEqual({ label, rate: expect.closeTo(rate, 12) as unknown, standbyCycles: hand.standbyCycles });
      const p = binomialTail(hand.activations, hand.standbyCycles, rate);
      for (const shown of [row.days7, row.days30]) {
        expect({ label, activations: shown.activations, expected: shown.expectedActivations }).toEqual({ label, activations: hand.activations, expected: hundredths(rate * hand.standbyCycles) / 100 });
        expect({ label, p: shown.pValue }).toEqual({ label, p: expect.closeTo(p, 10) as unknown });
      }
      expect({ label, flagged: row.unlikelyLuck, health: row.health, incidents: row.incidents }).toEqual({ label, flagged: p < 0.01, health: hand.health, incidents: hand.events });
      expect({ label, state: row.state }).toEqual({ label, state: standIn.scriptedState(keyOf(label)) });
      if (hand.closedActiveCycles > 0 && row.state === 'gone') {
        // A closed period: its hours and the SHM the network's rule pays for them.
        const hours = (hand.closedActiveCycles * CYCLE_SECONDS) / 3600;
        expect({ label, hours: row.activeHours, shm: row.earnedSHM }).toEqual({ label, hours: hundredths(hours) / 100, shm: hundredths(hours * REWARD_PER_HOUR) / 100 });
      }
    }

    const unlucky = rowOf('Unlucky');
    const lucky = rowOf('Lucky');
    // The acceptance: 0 of at least 5 expected is flagged and healthy; 1 of about 1.2 is not flagged.
    expect(unlucky).toMatchObject({ state: 'standby', unlikelyLuck: true, health: 100, days30: { activations: 0 } });
    expect(unlucky.days30.expectedActivations).toBeGreaterThanOrEqual(5);
    expect(lucky).toMatchObject({ state: 'active', unlikelyLuck: false, health: 100, days30: { activations: 1 } });
    expect(lucky.days30.expectedActivations).toBeGreaterThan(1);
    expect(lucky.days30.expectedActivations).toBeLessThan(1.4);
    expect(rowOf('Flappy')).toMatchObject({ state: 'active', health: 80, incidents: { lost: 1, refuted: 1 } });
    expect(fleet.rows.filter((r) => r.unlikelyLuck).map((r) => r.label)).toEqual(['Unlucky']);
    // Money: cost = 35 USD × the 30-day months since the node counts (the later of the entry date and its first
    // sighting, the start of its join cycle) up to the moment the portfolio was asked; net = earned SHM × 0.25 − cost.
    const firstSeen = (label: string) => (records.get(first + (PLAN[label]?.[0]?.[0] ?? NaN) - 1)?.start ?? NaN) * 1000;
    const costAt = (label: string, now: number) => hundredths((35 * Math.max(0, now - Math.max(Date.parse(`${entryDate}T00:00:00Z`), firstSeen(label)))) / (30 * 86_400_000)) / 100;
    for (const row of fleet.rows) {
      expect({ label: row.label, stake: row.stakeUSD }).toEqual({ label: row.label, stake: 700 });
      expect(row.costUSD).toBeGreaterThanOrEqual(costAt(row.label, asked));
      expect(row.costUSD).toBeLessThanOrEqual(costAt(row.label, answered));
      // Each of the three figures is rounded to the cent on its own: at most 1.25 cents apart.
      expect(Math.abs(row.netUSD - (row.earnedSHM * SHM_PRICE - row.costUSD))).toBeLessThanOrEqual(0.0125 + 1e-9);
    }

    // Σ: each column the sum of what the rows show, in whole hundredths (no float drift).
    const sumOf = (pick: (row: FleetRow) => number | null) => fleet.rows.reduce((sum, row) => sum + hundredths(pick(row) ?? 0), 0) / 100;
    const events = LABELS.reduce((sum, label) => sum + Object.values(scripted(PLAN[label] ?? []).events).reduce((a, b) => a + b, 0), 0);
    const activations = LABELS.reduce((sum, label) => sum + scripted(PLAN[label] ?? []).activations, 0);
    expect(fleet.totals).toEqual({
      nodes: 20,
      days7: { activations, expectedActivations: sumOf((r) => r.days7.expectedActivations) },
      days30: { activations, expectedActivations: sumOf((r) => r.days30.expectedActivations) },
      unlikelyLuck: 1,
      activeHours: sumOf((r) => r.activeHours),
      earnedSHM: sumOf((r) => r.earnedSHM),
      stakeUSD: 20 * 700,
      costUSD: sumOf((r) => r.costUSD),
      netUSD: sumOf((r) => r.netUSD),
      netReturn: expect.closeTo(sumOf((r) => r.netUSD) / (20 * 700 + sumOf((r) => r.costUSD)), 12) as unknown,
      incidents: events,
    });
    expect(fleet.money).toEqual({ profileName: 'Fleet', shmPrice: SHM_PRICE, nodeCostPerMonth: 35 });
  });
});
