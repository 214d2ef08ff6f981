import { randomUUID } from 'node:crypto';
import { IDENTITY_HEADER } from '@shm/contracts';
import { listen, loadConfig, signIdentity, type Logger, type RunningServer } from '@shm/platform';
import { connectMongo } from '@shm/platform/mongo';
import { createRedis } from '@shm/platform/redis';
import { readJson, testLogger } from '@shm/platform/testing';
import { composePaymentsService, type PaymentsService } from '../../src/compose';
import { PaymentsConfigSchema, type PaymentsConfig } from '../../src/config';
import type { Clock } from '../../src/domain/ports';
import { CHAIN_RPC_URL, MONGO_URL, REDIS_URL, SECRET } from './env';

export interface PaymentsUnderTest {
  service: PaymentsService;
  server: RunningServer;
  config: PaymentsConfig;
  /** The environment the instance was configured from (another instance given it shares its data). */
  rawEnv: Record<string, string>;
  /** Calls the service as the gateway would for a signed-in wallet (no wallet: not signed in). */
  /** `T` is the body the test expects (a contract reply type, or ErrorReply). */
  call<T = unknown>(method: string, path: string, options?: { wallet?: string; body?: unknown }): Promise<{ status: number; body: T }>;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** The headers the gateway adds for a signed-in wallet. */
export const signedIn = (wallet: string) => ({ [IDENTITY_HEADER]: signIdentity({ wallet: wallet.toLowerCase() }, SECRET) });

/**
 * The payments service in-process on port 0 against the real test Redis, MongoDB-wire server and
 * chain, with its own key prefix and database, and fast retries.
 */
export async function startPayments(env: Record<string, string> = {}, { logger = testLogger('payments'), ...options }: { now?: Clock; logger?: Logger } = {}): Promise<PaymentsUnderTest> {
  const id = randomUUID().slice(0, 8);
  const rawEnv: Record<string, string> = {
    REDIS_URL,
    MONGO_URL,
    CHAIN_RPC_URL,
    REDIS_KEY_PREFIX: `test-payments-${id}:`,
    MONGO_DB: `payments_test_${id}`,
    INTERNAL_SECRET: SECRET,
    VERIFY_BACKOFF_MS: '100',
    VERIFY_ATTEMPTS: '5',
    RPC_TIMEOUT_MS: '2000',
    ...env,
  };
  const config = loadConfig(PaymentsConfigSchema, rawEnv);
  const service = await composePaymentsService(config, logger, options);
  const server = await listen(service.app, 0);
  return {
    service,
    server,
    config,
    rawEnv,
    async call<T>(method: string, path: string, { wallet, body }: { wallet?: string; body?: unknown } = {}) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(wallet ? signedIn(wallet) : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await readJson<T>(res) };
    },
    async stop({ keepData = false } = {}) {
      await server.close();
      await service.close();
      if (!keepData) await dropTestData(config);
    },
  };
}

/** Deletes a test instance's database and Redis keys (queue included). */
export async function dropTestData(config: PaymentsConfig): Promise<void> {
  const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  await mongo.dropDatabase();
  await mongo.close();
  const redis = createRedis(config.REDIS_URL, 'client');
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${config.REDIS_KEY_PREFIX}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
