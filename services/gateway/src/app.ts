import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { ADMIN_RATE_LIMIT, API_ENDPOINTS, SERVICE_ROUTES, STREAM_PATHS } from '@shm/contracts';
import {
  drainUnreadBody,
  errorMiddleware,
  healthRoutes,
  notFoundHandler,
  openStreams,
  redisReady,
  requestContext,
  serviceProxy,
  trustProxies,
  unavailableErrors,
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
import { adminRateLimit, paymentRateLimit, signInRateLimit } from './entry-points/http/rate-limit';
import { adminRoutes } from './entry-points/http/admin.routes';
import { authRoutes } from './entry-points/http/auth.routes';
import { bodyLimit } from './entry-points/http/body-limit';
import { dropCredentials, resolveCaller } from './entry-points/http/caller';
import { docsRoutes } from './entry-points/http/docs.routes';
import { flagsRoutes } from './entry-points/http/flags.routes';
import { methodNotAllowed } from './entry-points/http/method-not-allowed';
import { sameOriginWrites } from './entry-points/http/same-origin';
import { streamCap } from './entry-points/http/stream-cap';
import { stripIdentity } from './entry-points/http/strip-identity';

export interface GatewayDeps {
  logger: Logger;
  config: GatewayConfig;
  /** Sessions, nonces, admin tokens, rate-limit counters and flags live here. */
  redis: Redis;
  isShuttingDown?: () => boolean;
}

const VERSION = '0.1.0';
/** Payment calls that write a session, queue a chain check or read the chain: limited per wallet. */
const PAYMENT_WRITE_PATHS = ['/api/wallet/register', '/api/payment/initiate', '/api/payment/submitted', '/api/verify-payment', '/api/check-payment-status'];

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
  trustProxies(app, config.TRUSTED_PROXIES);
  app.use(requestContext(logger));
  app.use(drainUnreadBody());
  app.use(helmet());
  app.use(
    cors({
      origin: config.CORS_ORIGINS,
      credentials: true,
      exposedHeaders: ['X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Retry-After'],
    }),
  );
  app.use(healthRoutes({ redis: redisReady(redis) }, isShuttingDown));
  app.use(sameOriginWrites([...config.CORS_ORIGINS, config.PUBLIC_ORIGIN]));
  app.use(stripIdentity);
  app.use(bodyLimit(config.BODY_LIMIT_BYTES));
  app.use(streamCap(STREAM_PATHS, openStreams({ max: config.SSE_MAX_STREAMS })));
  const limits = rateLimitRepository(redis, prefix);
  app.use('/api/admin', adminRateLimit(limits, ADMIN_RATE_LIMIT));
  app.use(['/api/auth/nonce', '/api/auth/verify'], signInRateLimit(limits, { limit: config.SIGN_IN_RATE_LIMIT, windowSeconds: config.SIGN_IN_RATE_WINDOW_S }));
  app.use(resolveCaller({ signIn, admin, secret: config.INTERNAL_SECRET }));
  app.use(PAYMENT_WRITE_PATHS, paymentRateLimit(limits, { limit: config.PAYMENT_RATE_LIMIT, windowSeconds: config.PAYMENT_RATE_WINDOW_S }));

  app.use(authRoutes(signIn, { sessionTtlSeconds: config.WALLET_SESSION_TTL_SECONDS, cookie }));
  app.use(adminRoutes(admin, flags));
  app.use(flagsRoutes(flags));
  app.use(docsRoutes({ publicOrigin: config.PUBLIC_ORIGIN, version: VERSION }));

  app.use(methodNotAllowed(API_ENDPOINTS));
  app.use(dropCredentials);
  // One proxy, and so one socket pool, per service, whatever the number of its prefixes.
  for (const [service, target] of Object.entries(serviceUrls(config))) {
    const prefix = SERVICE_ROUTES.filter((route) => route.service === service).map((route) => route.prefix);
    app.use(
      serviceProxy({
        prefix,
        service,
        target,
        timeoutMs: config.PROXY_TIMEOUT_MS,
        maxSockets: config.PROXY_MAX_SOCKETS,
        socketWaitMs: config.PROXY_SOCKET_WAIT_MS,
        streamPaths: STREAM_PATHS,
        logger,
      }),
    );
  }

  app.use(notFoundHandler);
  // Sessions, nonces, limits and flags live in Redis: while it is away callers get 503, not 500.
  app.use(unavailableErrors('The service is unavailable right now; try again shortly'));
  app.use(errorMiddleware(logger));
  return app;
}
