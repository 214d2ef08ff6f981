import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { ADMIN_RATE_LIMIT, SERVICE_ROUTES } from '@shm/contracts';
import {
  errorMiddleware,
  healthRoutes,
  notFoundHandler,
  redisReady,
  requestContext,
  serviceProxy,
  type Logger,
  type Redis,
} from '@shm/platform';
import { type GatewayConfig, serviceUrls } from './config';
import { flagsRepository } from './data-access/flags.repository';
import { nonceRepository } from './data-access/nonce.repository';
import { rateLimitRepository } from './data-access/rate-limit.repository';
import { tokenRepository } from './data-access/token.repository';
import { adminAuth } from './domain/admin-auth';
import { featureFlags } from './domain/feature-flags';
import { expectationsFrom } from './domain/signed-message';
import { walletSignIn } from './domain/wallet-sign-in';
import { adminRateLimit } from './entry-points/http/admin-rate-limit';
import { adminRoutes } from './entry-points/http/admin.routes';
import { authRoutes } from './entry-points/http/auth.routes';
import { bodyLimit } from './entry-points/http/body-limit';
import { dropCredentials, resolveCaller } from './entry-points/http/caller';
import { docsRoutes } from './entry-points/http/docs.routes';
import { flagsRoutes } from './entry-points/http/flags.routes';
import { stripIdentity } from './entry-points/http/strip-identity';

export interface GatewayDeps {
  logger: Logger;
  config: GatewayConfig;
  /** Sessions, nonces, admin tokens, rate-limit counters and flags live here. */
  redis: Redis;
  isShuttingDown?: () => boolean;
}

const VERSION = '0.1.0';

export function createApp({ logger, config, redis, isShuttingDown = () => false }: GatewayDeps): Express {
  const prefix = config.REDIS_KEY_PREFIX;
  const expected = expectationsFrom(config.PUBLIC_ORIGIN, config.CHAIN_ID);
  const nonces = nonceRepository(redis, prefix);
  const tokens = tokenRepository(redis, prefix);
  const signIn = walletSignIn({ nonces, tokens, expected, sessionTtlSeconds: config.WALLET_SESSION_TTL_SECONDS });
  const admin = adminAuth({ nonces, tokens, expected, adminWallet: config.ADMIN_WALLET, tokenTtlSeconds: config.ADMIN_TOKEN_TTL_SECONDS });
  const flags = featureFlags(flagsRepository(redis, prefix), redis);
  const cookie = { secure: new URL(config.PUBLIC_ORIGIN).protocol === 'https:' };

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(requestContext(logger));
  app.use(helmet());
  app.use(
    cors({
      origin: config.CORS_ORIGINS,
      credentials: true,
      exposedHeaders: ['X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Retry-After'],
    }),
  );
  app.use(healthRoutes({ redis: redisReady(redis) }, isShuttingDown));
  app.use(stripIdentity);
  app.use(bodyLimit(config.BODY_LIMIT_BYTES));
  app.use('/api/admin', adminRateLimit(rateLimitRepository(redis, prefix), ADMIN_RATE_LIMIT));
  app.use(resolveCaller({ signIn, admin, secret: config.INTERNAL_SECRET }));

  app.use(authRoutes(signIn, { sessionTtlSeconds: config.WALLET_SESSION_TTL_SECONDS, cookie }));
  app.use(adminRoutes(admin, flags));
  app.use(flagsRoutes(flags));
  app.use(docsRoutes({ publicOrigin: config.PUBLIC_ORIGIN, version: VERSION }));

  app.use(dropCredentials);
  const urls = serviceUrls(config);
  for (const { prefix: path, service } of SERVICE_ROUTES) {
    app.use(serviceProxy({ prefix: path, service, target: urls[service], timeoutMs: config.PROXY_TIMEOUT_MS, logger }));
  }

  app.use(notFoundHandler);
  app.use(errorMiddleware(logger));
  return app;
}
