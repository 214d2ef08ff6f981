import { randomUUID } from 'node:crypto';
import { DEFAULT_FEATURE_FLAGS, ErrorReplySchema, IDENTITY_HEADER, type FeatureFlags } from '@shm/contracts';
import { listen, loadConfig, signIdentity, type RunningServer } from '@shm/platform';
import { connectMongo } from '@shm/platform/mongo';
import { createRedis, publishEvent, type Redis } from '@shm/platform/redis';
import { readJson, TEST_MONGO_URL, TEST_REDIS_URL, testLogger } from '@shm/platform/testing';
import { composeDashboardService, type DashboardService } from '../../src/compose';
import { DashboardConfigSchema, type DashboardConfig } from '../../src/config';
import type { Clock } from '../../src/domain/ports';

export const SECRET = 'dashboard-component-test-secret';

/** A reply; `T` is the body the test expects (a contract reply type, or ErrorReply). */
export interface Reply<T = unknown> {
  status: number;
  body: T;
}

export interface DashboardUnderTest {
  service: DashboardService;
  server: RunningServer;
  config: DashboardConfig;
  /** Calls the service as the gateway would for a signed-in wallet (no wallet: not signed in). */
  call<T = unknown>(method: string, path: string, options?: { wallet?: string; body?: unknown; identity?: string }): Promise<Reply<T>>;
  /** Publishes `flags.changed` with personalizedDashboard as given and waits until the service follows it. */
  setFlag(on: boolean): Promise<void>;
  /** `keepData` leaves the database (another instance shares it). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export const signedIn = (wallet: string) => signIdentity({ wallet: wallet.toLowerCase() }, SECRET);

/** A wallet address of its own per test, lower-case or checksummed as the test wants. */
export const newWallet = () => `0x${randomUUID().replace(/-/g, '')}${randomUUID().slice(0, 8)}`;

async function publishFlags(redis: Redis, flags: Partial<FeatureFlags>): Promise<void> {
  await publishEvent(redis, 'flags.changed', { flags: { ...DEFAULT_FEATURE_FLAGS, ...flags }, at: new Date().toISOString() });
}

/**
 * The dashboard service in-process on port 0 against the real test Redis and MongoDB-wire server,
 * with its own database and key prefix. The flag is set as `flagOn` says (on by default).
 */
export async function startDashboard(options: { now?: Clock; newId?: () => string; flagOn?: boolean; env?: Record<string, string> } = {}): Promise<DashboardUnderTest> {
  const id = randomUUID().slice(0, 8);
  const config = loadConfig(DashboardConfigSchema, {
    REDIS_URL: TEST_REDIS_URL,
    MONGO_URL: TEST_MONGO_URL,
    REDIS_KEY_PREFIX: `test-dashboard-${id}:`,
    MONGO_DB: `dashboard_test_${id}`,
    INTERNAL_SECRET: SECRET,
    ...options.env,
  });
  const redis = createRedis(config.REDIS_URL, 'client');
  const service = await composeDashboardService(config, testLogger('dashboard'), { now: options.now, newId: options.newId, instance: `test-${id}`, eventBlockMs: 100 });
  const server = await listen(service.app, 0);
  const under: DashboardUnderTest = {
    service,
    server,
    config,
    async call<T>(method: string, path: string, { wallet, body, identity }: { wallet?: string; body?: unknown; identity?: string } = {}): Promise<Reply<T>> {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const token = identity ?? (wallet ? signedIn(wallet) : undefined);
      if (token) headers[IDENTITY_HEADER] = token;
      const res = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: await readJson<T>(res) };
    },
    async setFlag(on) {
      await publishFlags(redis, { personalizedDashboard: on });
      const probe = `/api/dashboard/profiles`;
      const deadline = Date.now() + 5000;
      // Off answers 403 FEATURE_DISABLED to everyone; on answers 401 to a caller who is not signed in.
      for (;;) {
        const { body } = await under.call('GET', probe);
        const refusal = ErrorReplySchema.safeParse(body);
        if ((refusal.success && refusal.data.error.code === 'FEATURE_DISABLED') !== on) return;
        if (Date.now() > deadline) throw new Error('the dashboard did not follow the flag');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async stop({ keepData = false } = {}) {
      await server.close();
      await service.close();
      redis.disconnect();
      if (keepData) return;
      const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB);
      await mongo.dropDatabase();
      await mongo.close();
    },
  };
  await under.setFlag(options.flagOn ?? true);
  return under;
}
