// Node alerts through the running services (issue 35): the archiver stand-in moves scripted keys in
// real time (a cycle every CYCLE_MS), the network service polls and tracks once a cycle as it does in
// production (NETWORK_POLL_MS = the cycle), publishes nodes.changed on the real Redis, and the alerts
// service (MongoDB wire server) tells a wallet's webhook, every request verified as Standard Webhooks
// lays out. What is measured: how many alerts, and how many cycles after the cycle that records the
// change each arrives (the stand-in's record being served is that cycle's start).
import { DEFAULT_FEATURE_FLAGS, IDENTITY_HEADER, NodeLookupReplySchema, dashboardContract, type AlertsReply, type NodeChange } from '@shm/contracts';
import { composeAlertsService, type AlertsService } from '@shm/alerts/compose';
import { AlertsConfigSchema } from '@shm/alerts/config';
import { composeNetworkService, type NetworkService } from '@shm/network/compose';
import { NetworkConfigSchema } from '@shm/network/config';
import { listen, loadConfig, signIdentity, type RunningServer } from '@shm/platform';
import { createRedis, publishEvent, type Redis } from '@shm/platform/redis';
import { eventually, startWatchersStandIn, testLogger, type ReceivedAttempt, type WatchersStandIn, type WebhookReceiver } from '@shm/platform/testing';
import { startArchiverAndPriceStandIn, type StandIn } from '../infra/stand-ins/archiver-and-price';
import type { ScriptAction, ScriptedState } from '../infra/stand-ins/scripted-nodes';
import { MONGO_URL, REDIS_URL, SECRET, testId } from './support/env';
import { webhookOf } from './support/webhooks';

jest.setTimeout(240_000);

/** A cycle of the stand-in, in real time; the network service polls and tracks once per cycle (production's ratio). */
const CYCLE_MS = 4_000;
/** The stand-in network account's default reward (infra/stand-ins/network-account.ts). */
const REWARD_PER_HOUR = 10;
/** The simulated community nodes rotate out after this many cycles: the periods the stuck-active P99 is taken over. */
const ACTIVE_PERIOD = 6;
const id = testId();
const wall = new Map<number, number>();
let standIn: StandIn;
let network: { service: NetworkService; server: RunningServer };
let alerts: { service: AlertsService; server: RunningServer };
let watchers: WatchersStandIn;
let redis: Redis;
let ticker: NodeJS.Timeout | undefined;
let polling = true;
let poller: Promise<void> = Promise.resolve();
/** Per key, the next scripted steps: an action taken once the node is in `when` for `cycles` cycles. */
const plans = new Map<string, { when: ScriptedState; action: ScriptAction; cycles: number }[]>();
const inState = new Map<string, { state: ScriptedState | undefined; cycles: number }>();
const receivers: WebhookReceiver[] = [];

/** One cycle: the record is served from now on; then each plan's next step, in the same turn (no tick can come between the check and the action). */
function tick(): void {
  standIn.advance();
  wall.set(standIn.counter(), Date.now());
  for (const [key, steps] of plans) {
    const state = standIn.scriptedState(key);
    const seen = inState.get(key);
    const cycles = seen && seen.state === state ? seen.cycles + 1 : 0;
    inState.set(key, { state, cycles });
    const [next] = steps;
    if (next && next.when === state && cycles >= next.cycles) {
      standIn.scriptNode(key, next.action);
      steps.shift();
    }
  }
}

beforeAll(async () => {
  redis = createRedis(REDIS_URL, 'client');
  standIn = await startArchiverAndPriceStandIn({ network: { active: 40, foundation: 30, standby: 12, historyCycles: 60, duration: CYCLE_MS / 1000, syncCycles: 1, activePeriodCycles: ACTIVE_PERIOD } });
  const seed = `${standIn.archiver(0).url}#${standIn.archiver(0).publicKey}`;
  const networkConfig = loadConfig(NetworkConfigSchema, {
    REDIS_URL,
    MONGO_URL,
    REDIS_KEY_PREFIX: `test-network-${id}:`,
    MONGO_DB: `network_alerts_it_${id}`,
    ARCHIVER_URLS: seed,
    POLLING_ENABLED: 'false',
    CYCLE_RANGES_PER_POLL: '40',
    NETWORK_RPC_URL: '',
    EXPLORER_API_URL: '',
    UPSTREAM_TIMEOUT_MS: '2000',
  });
  const networkService = await composeNetworkService(networkConfig, testLogger('network'));
  network = { service: networkService, server: await listen(networkService.app, 0) };
  // The first run reads the history in silence; from then on every change is published.
  await networkService.pollNetworkNow();
  await networkService.trackNodesNow();

  watchers = await startWatchersStandIn(SECRET);
  await publishEvent(redis, 'flags.changed', { flags: { ...DEFAULT_FEATURE_FLAGS, personalizedDashboard: true }, at: new Date().toISOString() });
  const alertsConfig = loadConfig(AlertsConfigSchema, {
    REDIS_URL,
    MONGO_URL,
    REDIS_KEY_PREFIX: `test-alerts-${id}:`,
    ALERT_QUEUE_PREFIX: `test-alerts-${id}:bull`,
    MONGO_DB: `alerts_it_${id}`,
    INTERNAL_SECRET: SECRET,
    DASHBOARD_URL: watchers.url,
    NETWORK_URL: network.server.url,
    ALERT_BACKOFF_MS: '200',
    // A few departures are enough here (50 in production): the simulation rotates one or two a cycle.
    ALERT_STUCK_MIN_PERIODS: '5',
  });
  const alertsService = await composeAlertsService(alertsConfig, testLogger('alerts'), { instance: `it-${id}`, eventBlockMs: 100 });
  alerts = { service: alertsService, server: await listen(alertsService.app, 0) };

  ticker = setInterval(tick, CYCLE_MS);
  // Polls and tracks once a cycle, half a cycle out of step with the ticks: the average wait of a
  // production poll (NETWORK_POLL_MS = the cycle, on its own timer), not the best case right after a record.
  await new Promise((resolve) => setTimeout(resolve, CYCLE_MS / 2));
  poller = (async () => {
    while (polling) {
      const started = Date.now();
      await networkService.pollNetworkNow();
      await networkService.trackNodesNow();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, CYCLE_MS - (Date.now() - started))));
    }
  })();
});

afterAll(async () => {
  clearInterval(ticker);
  polling = false;
  await poller;
  for (const receiver of receivers) await receiver.close();
  await alerts?.server.close();
  await alerts?.service.close();
  await network?.server.close();
  await network?.service.close();
  await watchers?.stop();
  await standIn?.close();
  redis?.disconnect();
});

const newKey = () => `${id}${'0'.repeat(48)}${Math.floor(Math.random() * 0xffffffff).toString(16).padStart(8, '0')}`.slice(0, 64);
const newWallet = () => `0x${testId()}${testId()}${testId()}${testId()}${testId()}`.slice(0, 42);

async function call<T>(method: string, path: string, wallet: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${alerts.server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', [IDENTITY_HEADER]: signIdentity({ wallet }, SECRET) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** A wallet linking `key`, with a webhook receiver as its destination; every attempt is checked with the secret the create reply showed. */
async function watch(key: string, label: string) {
  const wallet = newWallet();
  const { hook, verified } = await webhookOf(alerts.server.url, wallet, receivers);
  watchers.link(wallet, key, label);
  return { wallet, hook, verified: () => verified<{ change: NodeChange; message: string; phase: string }>() };
}

const trackedCycle = async () => {
  const res = await fetch(`${network.server.url}/api/shardeum-network/nodes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ publicKeys: ['0'.repeat(64)] }) });
  return NodeLookupReplySchema.parse(await res.json()).trackedCycle ?? 0;
};
/** Cycles from the start of the cycle that recorded the change to the accepted request, to a tenth. */
const latency = (attempt: ReceivedAttempt) => {
  const { change } = attempt.body as { change: NodeChange };
  const served = wall.get(change.cycle);
  if (served === undefined) throw new Error(`no wall time for cycle ${change.cycle}`);
  return Math.round(((attempt.receivedAt - served) / CYCLE_MS) * 10) / 10;
};
/** Waits until the tracker is `cycles` past `cycle`: anything the alerts would still send about it would be queued by then. */
const settle = async (cycle: number, cycles = 2) => {
  await eventually(async () => (await trackedCycle()) >= cycle + cycles, `the tracker ${cycles} cycles past ${cycle}`, (cycles + 3) * CYCLE_MS);
  await new Promise((resolve) => setTimeout(resolve, CYCLE_MS / 2));
};

describe('node alerts through the network and alerts services', () => {
  it('when a linked node goes standby → syncing → active → removed, then exactly 3 alerts (selected, activated, removed), each within 2 cycles, saying what each means for money', async () => {
    const key = newKey();
    const { wallet, hook, verified } = await watch(key, 'Rack 9');
    plans.set(key, [
      { when: 'standby', action: 'select', cycles: 0 },
      { when: 'active', action: 'remove', cycles: 2 },
    ]);
    standIn.scriptNode(key, 'join');

    await eventually(() => hook.accepted().length >= 3 || undefined, 'the removal alert', 20 * CYCLE_MS);
    const removedCycle = (hook.accepted()[2]?.body as { change: NodeChange }).change.cycle;
    await settle(removedCycle);

    const accepted = hook.accepted();
    const changes = accepted.map((attempt) => (attempt.body as { change: NodeChange }).change);
    expect(changes.map((change) => change.kind)).toEqual(['selected', 'activated', 'removed']);
    // Every request, retried or not, verifies with the webhook's secret; there were no others.
    expect(verified().map((body) => body.change.kind)).toEqual(['selected', 'activated', 'removed']);
    const latencies = accepted.map(latency);
    console.log(`alert latencies in cycles of ${CYCLE_MS / 1000} s (selected, activated, removed): ${latencies.join(', ')}`);
    for (const cycles of latencies) expect(cycles).toBeLessThanOrEqual(2);

    // Money: the rate heard on network.updated; the period's SHM as the network's lookup works it out.
    const [selected, activated, removed] = changes as [NodeChange, NodeChange, NodeChange];
    const activeSeconds = (Date.parse(removed.at) - Date.parse(activated.at)) / 1000;
    const earned = Number(((activeSeconds * REWARD_PER_HOUR) / 3600).toFixed(6));
    expect(accepted.map((attempt) => (attempt.body as { message: string }).message)).toEqual([
      `Node Rack 9 was selected at cycle ${selected.cycle}: syncing now, no reward until it is active`,
      `Node Rack 9 is active: reward clock started at cycle ${activated.cycle} at ${REWARD_PER_HOUR} SHM/h`,
      `Node Rack 9 rotated out at cycle ${removed.cycle}: ${earned} SHM earned for the period, credited by the chain at the claim`,
    ]);
    const listed = await call<AlertsReply>('GET', dashboardContract.alerts.path, wallet);
    expect(listed.body.notifications).toHaveLength(3);
  });

  it('when a linked active node is lost and refutes the next cycle (a flap), then 1 alert and 1 recovery, both within 2 cycles', async () => {
    const key = newKey();
    const { hook, verified } = await watch(key, 'Flappy');
    plans.set(key, [
      { when: 'standby', action: 'select', cycles: 0 },
      { when: 'active', action: 'lose', cycles: 1 },
      { when: 'lost', action: 'refute', cycles: 0 },
    ]);
    standIn.scriptNode(key, 'join');

    await eventually(() => hook.accepted().some((attempt) => (attempt.body as { phase?: string }).phase === 'recovery') || undefined, 'the recovery', 20 * CYCLE_MS).catch((err: unknown) => {
      const told = hook.attempts.map((attempt) => `${(attempt.body as { change: NodeChange }).change.kind}@${(attempt.body as { change: NodeChange }).change.cycle}`);
      throw new Error(`${(err as Error).message}; told ${told.join(', ') || 'nothing'}; the stand-in has the node ${standIn.scriptedState(key)} at cycle ${standIn.counter()}, plan left ${JSON.stringify(plans.get(key))}`);
    });
    const refutedCycle = (hook.accepted().at(-1)?.body as { change: NodeChange }).change.cycle;
    await settle(refutedCycle);

    const episode = hook.accepted().filter((attempt) => (attempt.body as { change: NodeChange }).change.kind !== 'selected' && (attempt.body as { change: NodeChange }).change.kind !== 'activated');
    expect(episode.map((attempt) => [(attempt.body as { phase: string }).phase, (attempt.body as { change: NodeChange }).change.kind])).toEqual([
      ['problem', 'lost'],
      ['recovery', 'refuted'],
    ]);
    expect(verified()).toHaveLength(hook.attempts.length);
    const [lost] = episode.map((attempt) => (attempt.body as { change: NodeChange }).change);
    expect((episode[1]?.body as { episodeId: string }).episodeId).toBe(lost?.id);
    const latencies = episode.map(latency);
    console.log(`flap latencies in cycles (lost, refuted): ${latencies.join(', ')}`);
    for (const cycles of latencies) expect(cycles).toBeLessThanOrEqual(2);
    expect(standIn.scriptedState(key)).toBe('active');
  });
  it('when a linked standby node is dropped from the list without being selected (a missed refresh) and rejoins, then 1 problem and 1 recovery', async () => {
    const key = newKey();
    const { hook, verified } = await watch(key, 'Quiet');
    plans.set(key, [
      { when: 'standby', action: 'unjoin', cycles: 1 },
      { when: 'gone', action: 'join', cycles: 1 },
    ]);
    standIn.scriptNode(key, 'join');

    await eventually(() => hook.accepted().some((attempt) => (attempt.body as { phase?: string }).phase === 'recovery') || undefined, 'the rejoin recovery', 20 * CYCLE_MS);
    await settle((hook.accepted().at(-1)?.body as { change: NodeChange }).change.cycle);
    const told = hook.accepted().map((attempt) => attempt.body as { phase: string; change: NodeChange; message: string });
    expect(told.map(({ phase, change }) => [phase, change.kind])).toEqual([
      ['problem', 'standby-removed'],
      ['recovery', 'standby-added'],
    ]);
    expect(told[0]?.message).toBe(
      `Node Quiet was dropped from the standby list at cycle ${told[0]?.change.cycle} without being selected (a missed standby refresh): it earns nothing and cannot be selected until it rejoins`,
    );
    expect(verified()).toHaveLength(hook.attempts.length);
    console.log(`missed-refresh latencies in cycles (dropped, rejoined): ${hook.accepted().map(latency).join(', ')}`);
  });
  it('when a linked node stays active far longer than the observed P99 period, then one stuck-active alert, and its rotation out is the recovery', async () => {
    const key = newKey();
    const { hook, verified } = await watch(key, 'Sticky');
    plans.set(key, [{ when: 'standby', action: 'select', cycles: 0 }]);
    standIn.scriptNode(key, 'join');
    const bodies = () => hook.accepted().map((attempt) => attempt.body as { phase: string; trigger: string; message: string; change: NodeChange });

    const stuck = await eventually(() => bodies().find((body) => body.trigger === 'stuck-active'), 'the stuck-active alert', 40 * CYCLE_MS);
    const [, cycles, since, p99] = /^Node Sticky has been active (\d+) cycles since cycle (\d+), far longer than the observed P99 period of (\d+) cycles: check that it still rotates out$/.exec(stuck.message) ?? [];
    console.log(`stuck active: ${cycles} cycles active, the observed P99 ${p99} cycles (simulated periods of ${ACTIVE_PERIOD})`);
    // Past 1.5 × P99, and the P99 of the simulated periods is about their length.
    expect(Number(cycles)).toBeGreaterThan(Math.ceil(Number(p99) * 1.5));
    expect(Number(p99)).toBeGreaterThanOrEqual(ACTIVE_PERIOD - 1);
    expect(Number(since)).toBe(stuck.change.cycle);

    plans.set(key, [{ when: 'active', action: 'remove', cycles: 0 }]);
    await eventually(() => bodies().some((body) => body.phase === 'recovery') || undefined, 'the rotation out as the recovery', 10 * CYCLE_MS);
    await settle((bodies().at(-1) as { change: NodeChange }).change.cycle);
    expect(bodies().map((body) => `${body.phase}:${body.trigger}`)).toEqual(['info:selected', 'info:activated', 'problem:stuck-active', 'recovery:removed']);
    expect(verified()).toHaveLength(hook.attempts.length);
  });
});
