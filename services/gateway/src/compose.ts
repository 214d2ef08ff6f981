import type { Express } from 'express';
import { createMetrics, type Logger, type Metrics } from '@shm/platform';
import { createRedis, redisReady } from '@shm/platform/redis';
import { createApp, type GatewayUseCases } from './app';
import type { GatewayConfig } from './config';
import { flagEvents } from './data-access/flag.events';
import { flagsRepository } from './data-access/flags.repository';
import { nonceRepository } from './data-access/nonce.repository';
import { rateLimitRepository } from './data-access/rate-limit.repository';
import { tokenRepository } from './data-access/token.repository';
import { adminAuth } from './domain/admin-auth';
import { featureFlags } from './domain/feature-flags';
import { expectationsFrom } from './domain/signed-message';
import { walletSignIn } from './domain/wallet-sign-in';

export interface GatewayService {
  app: Express;
  metrics: Metrics;
  useCases: GatewayUseCases;
  close(): Promise<void>;
}

/**
 * Builds the gateway from its configuration: one Redis connection holding sessions, nonces, admin
 * tokens, rate-limit counters and flags (under REDIS_KEY_PREFIX), the sign-in, admin and flag use
 * cases over it, and the HTTP app. `close()` ends the connection.
 */
export function composeGateway(config: GatewayConfig, logger: Logger, options: { isShuttingDown?: () => boolean } = {}): Promise<GatewayService> {
  const redis = createRedis(config.REDIS_URL, 'client', logger);
  const prefix = config.REDIS_KEY_PREFIX;
  const expected = expectationsFrom(config.PUBLIC_ORIGIN, config.CHAIN_ID);
  const nonces = nonceRepository(redis, prefix);
  const tokens = tokenRepository(redis, prefix);
  const useCases: GatewayUseCases = {
    signIn: walletSignIn({ nonces, tokens, expected, sessionTtlSeconds: config.WALLET_SESSION_TTL_SECONDS }),
    admin: adminAuth({ nonces, tokens, expected, adminWallet: config.ADMIN_WALLET, tokenTtlSeconds: config.ADMIN_TOKEN_TTL_SECONDS }),
    flags: featureFlags(flagsRepository(redis, prefix), flagEvents(redis)),
    limits: rateLimitRepository(redis, prefix),
  };
  const metrics = createMetrics('gateway', { logger });
  const app = createApp(useCases, { logger, config, metrics, readiness: { redis: redisReady(redis) }, isShuttingDown: options.isShuttingDown });
  // A promise, as every service's compose entry is (runService and the integration tests await it).
  return Promise.resolve({
    app,
    metrics,
    useCases,
    async close() {
      await redis.quit();
    },
  });
}
