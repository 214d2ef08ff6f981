import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Wallet } from 'ethers';
import { listen, loadConfig, type Logger, type RunningServer } from '@shm/platform';
import { createRedis, type Redis } from '@shm/platform/redis';
import { TEST_REDIS_URL, testLogger } from '@shm/platform/testing';
import { composeGateway } from '../../src/compose';
import { GatewayConfigSchema } from '../../src/config';

export const REDIS_URL = TEST_REDIS_URL;

/** Hardhat's default account #0 (the dev ADMIN_WALLET); its key is public and for tests only. */
export const ADMIN_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const adminWallet = new Wallet(ADMIN_KEY);

export interface TestGateway extends RunningServer {
  redis: Redis;
  prefix: string;
}

/**
 * A gateway on a free port against the real Redis, with its own key prefix (pass `prefix` to make
 * two instances share state, as replicas would).
 */
export async function startGateway(overrides: Record<string, string> = {}, { logger = testLogger('gateway') }: { logger?: Logger } = {}): Promise<TestGateway> {
  const prefix = overrides.REDIS_KEY_PREFIX ?? `test:${randomUUID()}:`;
  const config = loadConfig(GatewayConfigSchema, { PROXY_TIMEOUT_MS: '500', REDIS_URL, ...overrides, REDIS_KEY_PREFIX: prefix });
  // The gateway's own connection, and one for the test to look into what it stored.
  const gateway = await composeGateway(config, logger);
  const redis = createRedis(config.REDIS_URL, 'client');
  const server = await listen(gateway.app, 0);
  return {
    ...server,
    redis,
    prefix,
    close: async () => {
      await server.close();
      await gateway.close();
      await redis.quit();
    },
  };
}

/** A distinct client address per test, so rate-limit counts never leak between tests. */
export const clientIp = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

/** The Redis key a token (session id or admin token) is stored under: its SHA-256 digest, worked out here. */
export const tokenKey = (gateway: TestGateway, kind: 'session' | 'admin', token: string) =>
  `${gateway.prefix}token:${kind}:${createHash('sha256').update(token).digest('hex')}`;

/**
 * Lets a key's Redis TTL run out now instead of waiting for it: shortens it to 1 ms (PEXPIRE, so the
 * key expires the way it would have, not deleted by hand) and waits until Redis no longer has it.
 */
export async function expireNow(redis: Redis, key: string): Promise<void> {
  if ((await redis.pexpire(key, 1)) !== 1) throw new Error(`no key ${key} to expire`);
  while ((await redis.exists(key)) === 1) await new Promise((resolve) => setTimeout(resolve, 2));
}
