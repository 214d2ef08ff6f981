import { randomUUID } from 'node:crypto';
import { DEFAULT_FEATURE_FLAGS, ErrorReplySchema, IDENTITY_HEADER } from '@shm/contracts';
import { listen, loadConfig, signIdentity, type RunningServer } from '@shm/platform';
import { connectMongo } from '@shm/platform/mongo';
import { createRedis, publishEvent, type Redis } from '@shm/platform/redis';
import { readJson, startWatchersStandIn, TEST_MONGO_URL, TEST_REDIS_URL, testLogger, type WatchersStandIn } from '@shm/platform/testing';
import { composeAlertsService, type AlertsService } from '../../src/compose';
import { AlertsConfigSchema, type AlertsConfig } from '../../src/config';

export const SECRET = 'alerts-component-test-secret';

export interface Reply<T = unknown> {
  status: number;
  body: T;
}

export interface AlertsUnderTest {
  service: AlertsService;
  server: RunningServer;
  config: AlertsConfig;
  /** The dashboard's watchers route: link a wallet's entry to a node here. */
  dashboard: WatchersStandIn;
  /** Calls the service as the gateway would for a signed-in wallet (no wallet: not signed in). */
  call<T = unknown>(method: string, path: string, options?: { wallet?: string; body?: unknown }): Promise<Reply<T>>;
  /** Publishes `flags.changed` with personalizedDashboard as given and waits until the service follows it. */
  setFlag(on: boolean): Promise<void>;
  stop(): Promise<void>;
}

/** Publishes `network.updated` with this reward per hour (the rest as a live snapshot): what "active" alerts name. */
export async function publishNetworkRate(redis: Redis, rewardPerHour: number): Promise<void> {
  const at = new Date().toISOString();
  const network = {
    totalNodes: 40,
    activeSlots: 10,
    standbyNodes: 12,
    communityNodes: 22,
    source: 'alerts-component-test',
    isEstimate: false,
    lastUpdated: at,
    rewardPerHour,
  };
  await publishEvent(redis, 'network.updated', { network, at });
}

/** A wallet address of its own per test. */
export const newWallet = () => `0x${randomUUID().replace(/-/g, '')}${randomUUID().slice(0, 8)}`;

/**
 * The alerts service in-process on port 0 against the real test Redis and MongoDB-wire server, with
 * its own database, key and queue prefixes, and a stand-in of the dashboard's watchers route. The
 * flag is set as `flagOn` says (on by default).
 */
export async function startAlerts(options: { flagOn?: boolean; env?: Record<string, string> } = {}): Promise<AlertsUnderTest> {
  const id = randomUUID().slice(0, 8);
  const dashboard = await startWatchersStandIn(SECRET);
  const config = loadConfig(AlertsConfigSchema, {
    REDIS_URL: TEST_REDIS_URL,
    MONGO_URL: TEST_MONGO_URL,
    REDIS_KEY_PREFIX: `test-alerts-${id}:`,
    ALERT_QUEUE_PREFIX: `test-alerts-${id}:bull`,
    MONGO_DB: `alerts_test_${id}`,
    INTERNAL_SECRET: SECRET,
    DASHBOARD_URL: dashboard.url,
    // No network service unless a test gives one: rotated-out alerts then say their figure is not known.
    NETWORK_URL: '',
    ...options.env,
  });
  const redis = createRedis(config.REDIS_URL, 'client');
  const service = await composeAlertsService(config, testLogger('alerts'), { instance: `test-${id}`, eventBlockMs: 100 });
  const server = await listen(service.app, 0);
  const under: AlertsUnderTest = {
    service,
    server,
    config,
    dashboard,
    async call<T>(method: string, path: string, { wallet, body }: { wallet?: string; body?: unknown } = {}): Promise<Reply<T>> {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (wallet) headers[IDENTITY_HEADER] = signIdentity({ wallet: wallet.toLowerCase() }, SECRET);
      const res = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: await readJson<T>(res) };
    },
    async setFlag(on) {
      await publishEvent(redis, 'flags.changed', { flags: { ...DEFAULT_FEATURE_FLAGS, personalizedDashboard: on }, at: new Date().toISOString() });
      const deadline = Date.now() + 5000;
      // Off answers 403 FEATURE_DISABLED to everyone; on answers 401 to a caller who is not signed in.
      for (;;) {
        const { body } = await under.call('GET', '/api/dashboard/alerts');
        const refusal = ErrorReplySchema.safeParse(body);
        if ((refusal.success && refusal.data.error.code === 'FEATURE_DISABLED') !== on) return;
        if (Date.now() > deadline) throw new Error('the alerts service did not follow the flag');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async stop() {
      await server.close();
      await service.close();
      await dashboard.stop();
      redis.disconnect();
      const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB);
      await mongo.dropDatabase();
      await mongo.close();
    },
  };
  await under.setFlag(options.flagOn ?? true);
  return under;
}
