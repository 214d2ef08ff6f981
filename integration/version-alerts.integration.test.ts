// A version below the network's minimum (issue 35), through the running services: the archiver
// stand-in raises minVersion to 1.17.0 at cycle C while two scripted nodes wait in standby, one at
// 1.16.3 and one at 1.17.0; the network service (a poll and a tracking run per cycle) publishes
// nodes.changed on the real Redis, and the alerts service (MongoDB wire server) tells the wallets'
// webhooks, each request verified as Standard Webhooks lays out.
import { DEFAULT_FEATURE_FLAGS, IDENTITY_HEADER, dashboardContract, eventStream, type AlertsReply, type NodeChange } from '@shm/contracts';
import { signIdentity } from '@shm/platform';
import { createRedis, publishEvent, type Redis } from '@shm/platform/redis';
import { eventually, startWatchersStandIn, type WatchersStandIn, type WebhookReceiver } from '@shm/platform/testing';
import { startArchiverAndPriceStandIn, type StandIn } from '../infra/stand-ins/archiver-and-price';
import { SECRET, REDIS_URL, testId } from './support/env';
import { compose, start, type Started } from './support/services';
import { webhookOf } from './support/webhooks';

jest.setTimeout(120_000);

const id = testId();
const OLD = `${id}${'0d'.repeat(28)}`;
const CURRENT = `${id}${'1e'.repeat(28)}`;
const MARKER = `${id}${'2f'.repeat(28)}`;

let redis: Redis;
let standIn: StandIn;
let network: Started;
let networkService: Awaited<ReturnType<typeof compose.network>>['service'];
let alerts: Started;
let watchers: WatchersStandIn;
const hooks: WebhookReceiver[] = [];

beforeAll(async () => {
  redis = createRedis(REDIS_URL, 'client');
  standIn = await startArchiverAndPriceStandIn({ network: { active: 40, foundation: 30, standby: 12, historyCycles: 60 } });
  const composed = await compose.network({
    ARCHIVER_URLS: `${standIn.archiver(0).url}#${standIn.archiver(0).publicKey}`,
    CYCLE_RANGES_PER_POLL: '40',
    NETWORK_RPC_URL: '',
    EXPLORER_API_URL: '',
    UPSTREAM_TIMEOUT_MS: '2000',
  });
  networkService = composed.service;
  network = await start(composed);
  // The first run reads the history in silence.
  await networkService.pollNetworkNow();
  await networkService.trackNodesNow();
  watchers = await startWatchersStandIn(SECRET);
  await publishEvent(redis, 'flags.changed', { flags: { ...DEFAULT_FEATURE_FLAGS, personalizedDashboard: true }, at: new Date().toISOString() });
  alerts = await start(await compose.alerts({ DASHBOARD_URL: watchers.url, NETWORK_URL: network.url, ALERT_BACKOFF_MS: '200' }));
});

afterAll(async () => {
  for (const hook of hooks) await hook.close();
  await alerts?.stop();
  await network?.stop();
  await watchers?.stop();
  await standIn?.close();
  redis?.disconnect();
});

const call = async <T>(wallet: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${alerts.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', [IDENTITY_HEADER]: signIdentity({ wallet }, SECRET) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
};

const webhook = (wallet: string) => webhookOf(alerts.url, wallet, hooks);

/** One cycle: the stand-in serves the next record; the network service polls (the watch too) and tracks. */
async function cycle() {
  standIn.advance();
  await networkService.pollNetworkNow();
  await networkService.trackNodesNow();
}

describe('a version below the network minimum, through the network service and the alerts service', () => {
  it('when the minimum goes up to 1.17.0 while a watched node runs 1.16.3, then each of its destinations gets exactly one alert and, once it rejoins at 1.17.1, one recovery; a watched node at 1.17.0 none; nothing twice', async () => {
    const walletA = `0x${id}${'a'.repeat(32)}`;
    const walletB = `0x${id}${'b'.repeat(32)}`;
    const a1 = await webhook(walletA);
    const a2 = await webhook(walletA);
    const b1 = await webhook(walletB);
    watchers.link(walletA, OLD, 'Old rack');
    watchers.link(walletB, CURRENT, 'New rack');
    standIn.scriptNode(OLD, 'join'); // the stand-in's join requests name 1.16.3
    standIn.scriptNode(CURRENT, 'join', { version: '1.17.0' });
    await cycle();

    const scheduledAt = standIn.counter();
    const c = scheduledAt + 2;
    standIn.scheduleNetworkChange({ cycle: c, set: { minVersion: '1.17.0' } });
    await cycle();
    const alertsOf = (hook: WebhookReceiver) => hook.accepted().map((attempt) => attempt.body as { message: string; trigger?: string; phase: string; change: NodeChange });
    const versionAlert = (hook: WebhookReceiver) => alertsOf(hook).find((body) => body.trigger === 'version-below-minimum');
    await eventually(() => (versionAlert(a1.hook) && versionAlert(a2.hook)) || undefined, 'the node alert at both of wallet A’s webhooks', 20_000);
    const toldAt = versionAlert(a1.hook)?.change.cycle ?? Infinity;
    console.log(`minVersion 1.17.0 for cycle ${c}, scheduled at cycle ${scheduledAt}: the node's alert is of cycle ${toldAt} (${toldAt - scheduledAt} cycle(s) later)`);
    expect(toldAt - scheduledAt).toBeLessThanOrEqual(2);
    // Into force at C and a cycle past it.
    while (standIn.counter() <= c) await cycle();
    // The operator updates OLD: it leaves standby and rejoins at 1.17.1.
    standIn.scriptNode(OLD, 'unjoin');
    await cycle();
    standIn.scriptNode(OLD, 'join', { version: '1.17.1' });
    await cycle();
    const rejoinedAt = standIn.counter();
    const recovery = (hook: WebhookReceiver) => alertsOf(hook).find((body) => body.trigger === 'version-updated');
    await eventually(() => (recovery(a1.hook) && recovery(a2.hook)) || undefined, 'the recovery at both of wallet A’s webhooks', 20_000);

    // Nothing twice: the events of these cycles again (a redelivery), then a marker change whose alert
    // shows the alerts service has handled everything published before it.
    const entries = (await redis.xrange(eventStream('nodes.changed'), '-', '+')) as [string, string[]][];
    const told = entries.map(([, fields]) => JSON.parse(fields[fields.indexOf('data') + 1] ?? '{}') as { cycle: number; at: string; changes: NodeChange[] });
    const ours = told.filter((event) => event.changes.some((change) => change.publicKey === OLD || change.publicKey === CURRENT));
    for (const event of ours) await publishEvent(redis, 'nodes.changed', event);
    const marker = await webhook(walletB);
    watchers.link(walletB, MARKER, 'Marker');
    const at = new Date().toISOString();
    await publishEvent(redis, 'nodes.changed', { cycle: c + 5, at, changes: [{ id: `${c + 5}:${MARKER}:selected`, publicKey: MARKER, kind: 'selected', from: 'standby', to: 'syncing', cycle: c + 5, at }] });
    await eventually(() => alertsOf(marker.hook).length >= 1 || undefined, 'the marker alert', 20_000);

    // Worked by hand: 1.16.3 < 1.17.0 (16 < 17 at the second part), 1.17.0 = 1.17.0; the node waits in standby.
    const expected = `Node Old rack runs version 1.16.3, below the network's minimum 1.17.0 (from cycle ${c}): the network drops it from standby and refuses its joins, so it cannot be selected and earns nothing; update it and rejoin`;
    const recovered = `Recovered: Node Old rack rejoined standby at cycle ${rejoinedAt} with version 1.17.1, at or above the network's minimum 1.17.0: the network accepts its joins again, so it can be selected and earn`;
    for (const { hook, destinationId, verified } of [a1, a2]) {
      const bodies = alertsOf(hook).filter((body) => body.trigger?.startsWith('version-'));
      expect(bodies.map((body) => [body.phase, body.change.id, body.message])).toEqual([
        ['problem', `1.17.0:${OLD}:version-below-minimum`, expected],
        ['recovery', `1.17.0:${OLD}:version-updated`, recovered],
      ]);
      // Beside them, the network change reaches every wallet with a destination (`network:` keys,
      // notify-network-change.ts), and leaving standby is a missed refresh that the rejoin ends.
      const keys = hook.accepted().map((attempt) => attempt.idempotencyKey ?? '').filter((key) => key.includes(':version-'));
      expect(keys).toEqual([`1.17.0:${OLD}:version-below-minimum:${destinationId}`, `1.17.0:${OLD}:version-updated:${destinationId}`]);
      // Every request, retried or not, verifies with the webhook's secret.
      expect(verified()).toHaveLength(hook.attempts.length);
    }
    expect(alertsOf(b1.hook).filter((body) => body.trigger === 'version-below-minimum')).toEqual([]);
    const networkAlerts = alertsOf(a1.hook).filter((body) => body.change === null || body.change === undefined);
    console.log(`the network change as told to every wallet: ${networkAlerts.map((body) => body.message).join(' | ')}`);
    const inApp = async (wallet: string) => (await call<AlertsReply>(wallet, 'GET', dashboardContract.alerts.path)).body.notifications.map((n) => n.trigger);
    expect((await inApp(walletA)).filter((trigger) => trigger?.startsWith('version-'))).toEqual(['version-updated', 'version-below-minimum']);
    expect(await inApp(walletB)).toEqual(['selected']);
  });
});
