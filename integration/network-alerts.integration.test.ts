// The network watch's alert through the running services (issue 35): the archiver stand-in cuts the
// reward from 10 to 8 SHM/h at cycle C, the network service (polling once a cycle) publishes
// network.changed on the real Redis, and the alerts service tells every wallet that has a destination,
// once: each request verified as Standard Webhooks lays out, under one Idempotency-Key.
import { DEFAULT_FEATURE_FLAGS } from '@shm/contracts';
import { composeAlertsService, type AlertsService } from '@shm/alerts/compose';
import { AlertsConfigSchema } from '@shm/alerts/config';
import { composeNetworkService, type NetworkService } from '@shm/network/compose';
import { NetworkConfigSchema } from '@shm/network/config';
import { listen, loadConfig, type RunningServer } from '@shm/platform';
import { createRedis, publishEvent, type Redis } from '@shm/platform/redis';
import { eventually, startWatchersStandIn, testLogger, type WatchersStandIn, type WebhookReceiver } from '@shm/platform/testing';
import { startArchiverAndPriceStandIn, type StandIn } from '../infra/stand-ins/archiver-and-price';
import { MONGO_URL, REDIS_URL, SECRET, testId } from './support/env';
import { webhookOf } from './support/webhooks';

jest.setTimeout(120_000);

/** A cycle, in real time: the test moves the stand-in on and polls once per cycle (production's ratio). */
const CYCLE_MS = 4_000;
// 8 SHM/h at the stand-in's factor 1e7 / 24 649: 0.0197192 × 1e7 / 24 649 = 8 (10 SHM/h is 0.024649).
const EIGHT_SHM_UNITS = 19_719_200_000_000_000n;
const id = testId();
let standIn: StandIn;
let network: { service: NetworkService; server: RunningServer };
let alerts: { service: AlertsService; server: RunningServer };
let watchers: WatchersStandIn;
let redis: Redis;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  redis = createRedis(REDIS_URL, 'client');
  standIn = await startArchiverAndPriceStandIn({ network: { active: 40, foundation: 30, standby: 12, historyCycles: 60, duration: CYCLE_MS / 1000 } });
  const networkConfig = loadConfig(NetworkConfigSchema, {
    REDIS_URL,
    MONGO_URL,
    REDIS_KEY_PREFIX: `test-network-${id}:`,
    MONGO_DB: `network_watch_it_${id}`,
    ARCHIVER_URLS: `${standIn.archiver(0).url}#${standIn.archiver(0).publicKey}`,
    POLLING_ENABLED: 'false',
    CYCLE_RANGES_PER_POLL: '40',
    NETWORK_RPC_URL: '',
    EXPLORER_API_URL: '',
    UPSTREAM_TIMEOUT_MS: '2000',
  });
  const networkService = await composeNetworkService(networkConfig, testLogger('network'));
  network = { service: networkService, server: await listen(networkService.app, 0) };
  // The first poll holds the values in force: nothing to tell yet.
  await networkService.pollNetworkNow();

  watchers = await startWatchersStandIn(SECRET);
  await publishEvent(redis, 'flags.changed', { flags: { ...DEFAULT_FEATURE_FLAGS, personalizedDashboard: true }, at: new Date().toISOString() });
  const alertsConfig = loadConfig(AlertsConfigSchema, {
    REDIS_URL,
    MONGO_URL,
    REDIS_KEY_PREFIX: `test-alerts-${id}:`,
    ALERT_QUEUE_PREFIX: `test-alerts-${id}:bull`,
    MONGO_DB: `alerts_watch_it_${id}`,
    INTERNAL_SECRET: SECRET,
    DASHBOARD_URL: watchers.url,
    NETWORK_URL: network.server.url,
    ALERT_BACKOFF_MS: '200',
    // network.changed concerns every wallet with a destination: events earlier tests left in the shared
    // stream (a day's worth by default) are older than this, so only this test's cut is told.
    ALERT_MAX_EVENT_AGE_MS: '15000',
  });
  const alertsService = await composeAlertsService(alertsConfig, testLogger('alerts'), { instance: `it-watch-${id}`, eventBlockMs: 100 });
  alerts = { service: alertsService, server: await listen(alertsService.app, 0) };
});

afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
  await alerts?.server.close();
  await alerts?.service.close();
  await network?.server.close();
  await network?.service.close();
  await watchers?.stop();
  await standIn?.close();
  redis?.disconnect();
});

const newWallet = () => `0x${testId()}${testId()}${testId()}${testId()}${testId()}`.slice(0, 42);

/** A wallet with a webhook receiver as its destination (no node linked: a network change concerns every wallet with a destination). */
const walletWithWebhook = () => webhookOf(alerts.server.url, newWallet(), receivers);

/** One cycle: the stand-in serves the next record, the network service polls. */
async function cycle() {
  standIn.advance();
  await network.service.pollNetworkNow();
}

describe('network change alerts through the network and alerts services', () => {
  it('when the stand-in cuts the reward from 10 to 8 SHM/h at cycle C, then each wallet with a destination gets one alert within 2 cycles, and no other as the cut takes effect', async () => {
    const first = await walletWithWebhook();
    const second = await walletWithWebhook();
    const scheduledAt = standIn.counter();
    const cut = scheduledAt + 2;
    const startedAt = Date.now();
    standIn.scheduleNetworkChange({ cycle: cut, set: { rewardUnits: EIGHT_SHM_UNITS } });
    await network.service.pollNetworkNow();

    const both = () => first.hook.accepted().length >= 1 && second.hook.accepted().length >= 1;
    await eventually(() => both() || undefined, 'the alert at both webhooks', 2 * CYCLE_MS);
    const latency = Math.max(...[first, second].map((w) => ((w.hook.accepted()[0]?.receivedAt ?? Number.NaN) - startedAt) / CYCLE_MS));
    console.log(`network change alert: ${latency.toFixed(2)} cycles of ${CYCLE_MS / 1000} s after the cut was scheduled`);
    expect(latency).toBeLessThanOrEqual(2);

    // Through the cut and two cycles past it, polling each cycle: nothing more.
    for (let c = standIn.counter(); c <= cut + 2; c++) await cycle();
    await new Promise((resolve) => setTimeout(resolve, CYCLE_MS / 2));

    const message = `Network: reward per active hour 10 SHM → 8 SHM from cycle ${cut} (announced). A node already active keeps the higher rate until it rotates out.`;
    for (const { hook, destinationId, verified } of [first, second]) {
      expect(hook.accepted().map((a) => a.idempotencyKey)).toEqual([`network:nodeRewardAmountUsd@${cut}=0.0197192:${destinationId}`]);
      expect(hook.accepted().map((a) => (a.body as { type: string; message: string }).message)).toEqual([message]);
      // Every request, retried or not, verifies with the webhook's secret.
      expect(verified<{ type: string }>().every((body) => body.type === 'network.changed')).toBe(true);
    }
  });
});
