// Episodes survive a restart (issue 35): the alerts service's episode state is in MongoDB, so a
// service started again on the same data, handling the same events again, tells nothing twice; the
// reminder of a problem open a day comes once, and the recovery once. Events are published by hand
// on the real Redis (the integration tier runs one file at a time, so no other alerts service reads
// the shared consumer group meanwhile).
import { Webhook } from 'standardwebhooks';
import { DEFAULT_FEATURE_FLAGS, IDENTITY_HEADER, dashboardContract, type AlertsReply, type DestinationReply, type NodeChange } from '@shm/contracts';
import { composeAlertsService, type AlertsService } from '@shm/alerts/compose';
import { AlertsConfigSchema } from '@shm/alerts/config';
import { listen, loadConfig, signIdentity, type RunningServer } from '@shm/platform';
import { connectMongo } from '@shm/platform/mongo';
import { createRedis, publishEvent, type Redis } from '@shm/platform/redis';
import { eventually, startWatchersStandIn, startWebhookReceiver, testLogger, type WatchersStandIn, type WebhookReceiver } from '@shm/platform/testing';
import { MONGO_URL, REDIS_URL, SECRET, testId } from './support/env';

jest.setTimeout(60_000);

const id = testId();
const config = loadConfig(AlertsConfigSchema, {
  REDIS_URL,
  MONGO_URL,
  REDIS_KEY_PREFIX: `test-alerts-${id}:`,
  ALERT_QUEUE_PREFIX: `test-alerts-${id}:bull`,
  MONGO_DB: `alerts_episodes_it_${id}`,
  INTERNAL_SECRET: SECRET,
  NETWORK_URL: '',
  ALERT_BACKOFF_MS: '100',
});
let redis: Redis;
let watchers: WatchersStandIn;
let hook: WebhookReceiver;
let running: { service: AlertsService; server: RunningServer } | undefined;

async function startService() {
  const service = await composeAlertsService({ ...config, DASHBOARD_URL: watchers.url }, testLogger('alerts'), { instance: `it-${id}`, eventBlockMs: 100 });
  running = { service, server: await listen(service.app, 0) };
  return running;
}
async function stopService() {
  await running?.server.close();
  await running?.service.close();
  running = undefined;
}

beforeAll(async () => {
  redis = createRedis(REDIS_URL, 'client');
  watchers = await startWatchersStandIn(SECRET);
  hook = await startWebhookReceiver();
  await publishEvent(redis, 'flags.changed', { flags: { ...DEFAULT_FEATURE_FLAGS, personalizedDashboard: true }, at: new Date().toISOString() });
});
afterAll(async () => {
  await stopService();
  await hook?.close();
  await watchers?.stop();
  redis?.disconnect();
  const mongo = await connectMongo(MONGO_URL, config.MONGO_DB);
  await mongo.dropDatabase();
  await mongo.close();
});

const KEY = `${id}${'e'.repeat(56)}`;
const WALLET = `0x${id}${'a'.repeat(32)}`;
const DAY_MS = 24 * 3_600_000;
/** Cycle 500 started a day and a minute ago: the loss it records is a day old, its reminder due at once. */
const startOf = (cycle: number) => new Date(Date.now() - DAY_MS - 60_000 + (cycle - 500) * 60_000).toISOString();
const change = (kind: 'lost' | 'refuted', cycle: number): NodeChange => ({ id: `${cycle}:${KEY}:${kind}`, publicKey: KEY, kind, from: 'active', to: 'active', cycle, at: startOf(cycle) });
const publish = (changes: NodeChange[], cycle: number) => publishEvent(redis, 'nodes.changed', { cycle, at: startOf(cycle), changes });
const phases = () => hook.accepted().map((attempt) => `${(attempt.body as { phase: string }).phase}:${attempt.idempotencyKey}`);

describe('alert episodes across a restart', () => {
  it('when a day-old loss is told and reminded once, and the service restarts, then the refutation is its one recovery, and the same events again tell nothing', async () => {
    const { server } = await startService();
    const created = await eventually(async () => {
      const res = await fetch(`${server.url}${dashboardContract.createDestination.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [IDENTITY_HEADER]: signIdentity({ wallet: WALLET }, SECRET) },
        body: JSON.stringify({ channel: 'webhook', url: hook.url }),
      });
      return res.status === 201 ? ((await res.json()) as DestinationReply) : undefined;
    }, 'the alert routes to follow the flag');
    const destination = created.destination.id;
    watchers.link(WALLET, KEY, 'Old box');
    const lost = change('lost', 500);

    // The loss, and in the same handling its reminder (the loss opened a day and a minute ago).
    await publish([lost], 500);
    const problem = `problem:${lost.id}:${destination}`;
    const reminder = `reminder:${lost.id}:reminder-1:${destination}`;
    await eventually(() => phases().length >= 2 || undefined, 'the problem and its reminder');
    expect(phases().sort()).toEqual([problem, reminder].sort());
    expect((hook.byKey(`${lost.id}:reminder-1:${destination}`)[0]?.body as { message: string }).message).toBe('Node Old box is still reported lost since cycle 500 (a daily reminder)');

    // A restart on the same data: the episode is still open, so the refutation is its recovery.
    await stopService();
    await startService();
    await publish([], 501);
    const refuted = change('refuted', 502);
    await publish([refuted], 502);
    await eventually(() => phases().length >= 3 || undefined, 'the recovery after the restart');
    expect(phases()[2]).toBe(`recovery:${refuted.id}:${destination}`);

    // The loss and the refutation come again (a retried event): nothing new. A later vanishing is
    // told, and since events are handled in order, once it is stored the repeats were handled too.
    await publish([lost], 500);
    await publish([refuted], 502);
    const vanished: NodeChange = { ...change('lost', 503), id: `503:${KEY}:vanished`, kind: 'vanished', to: 'gone' };
    await publish([vanished], 503);
    await eventually(() => phases().length >= 4 || undefined, 'the vanishing');
    const stored = await fetch(`${running?.server.url}${dashboardContract.alerts.path}`, { headers: { [IDENTITY_HEADER]: signIdentity({ wallet: WALLET }, SECRET) } });
    const { deliveries } = (await stored.json()) as AlertsReply;
    expect(deliveries.map((delivery) => delivery.id).sort()).toEqual(
      [`${lost.id}:${destination}`, `${lost.id}:reminder-1:${destination}`, `${refuted.id}:${destination}`, `${vanished.id}:${destination}`].sort(),
    );
    expect(phases().slice(3)).toEqual([`problem:${vanished.id}:${destination}`]);
    expect(hook.attempts).toHaveLength(4);
    const verifier = new Webhook(created.secret ?? '');
    expect(hook.attempts.map((attempt) => (verifier.verify(attempt.raw, attempt.headers) as { episodeId: string }).episodeId)).toEqual([lost.id, lost.id, lost.id, vanished.id]);
  });
});
