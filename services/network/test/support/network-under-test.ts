import { randomUUID } from 'node:crypto';
import { listen, loadConfig, type RunningServer } from '@shm/platform';
import { connectMongo } from '@shm/platform/mongo';
import { createRedis } from '@shm/platform/redis';
import { readJson, TEST_MONGO_URL, TEST_REDIS_URL, testLogger } from '@shm/platform/testing';
import { composeNetworkService, type NetworkService } from '../../src/compose';
import { NetworkConfigSchema } from '../../src/config';

export const REDIS_URL = TEST_REDIS_URL;

export interface NetworkUnderTest {
  service: NetworkService;
  server: RunningServer;
  prefix: string;
  /** The MongoDB database of this instance (cycle history, network history). */
  mongoDb: string;
  /** `T` is the body the test expects (a contract reply type, or ErrorReply). */
  get<T = unknown>(path: string): Promise<{ status: number; body: T }>;
  post<T = unknown>(path: string): Promise<{ status: number; body: T }>;
  /** Stops the instance and deletes its keys, unless another instance is to find them. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * The network service in-process on port 0 against the real test Redis, with its own key prefix.
 * Polling is off unless asked for (tests call `service.pollNetworkNow()`); fallbacks other than the
 * archivers are off unless their URLs are given.
 */
export async function startNetwork(env: Record<string, string> = {}): Promise<NetworkUnderTest> {
  const prefix = env.REDIS_KEY_PREFIX ?? `test-network-${randomUUID()}:`;
  const mongoDb = env.MONGO_DB ?? `test_network_${randomUUID().slice(0, 8)}`;
  const config = loadConfig(NetworkConfigSchema, {
    REDIS_URL,
    MONGO_URL: TEST_MONGO_URL,
    NETWORK_RPC_URL: '',
    EXPLORER_API_URL: '',
    POLLING_ENABLED: 'false',
    UPSTREAM_TIMEOUT_MS: '1000',
    ...env,
    REDIS_KEY_PREFIX: prefix,
    MONGO_DB: mongoDb,
  });
  const service = await composeNetworkService(config, testLogger('network'));
  const server = await listen(service.app, 0);
  const call = async <T>(method: string, path: string) => {
    const res = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
    return { status: res.status, body: await readJson<T>(res) };
  };
  return {
    service,
    server,
    prefix,
    mongoDb,
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string) => call<T>('POST', path),
    async stop({ keepData = false } = {}) {
      await server.close();
      await service.close();
      if (!keepData) await Promise.all([purgePrefix(prefix), dropDatabase(mongoDb)]);
    },
  };
}

/** Deletes every key under a test prefix (snapshot, price, lock and the BullMQ queue). */
export async function purgePrefix(prefix: string): Promise<void> {
  const redis = createRedis(REDIS_URL, 'client');
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export async function dropDatabase(name: string): Promise<void> {
  const mongo = await connectMongo(TEST_MONGO_URL, name);
  try {
    await mongo.dropDatabase();
  } finally {
    await mongo.close();
  }
}

/** A base URL nothing listens on (a port just freed). */
export async function closedUrl(): Promise<string> {
  const server = await listen(() => undefined, 0);
  await server.close();
  return server.url;
}

export async function waitFor<T>(read: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
