import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { ADMIN_RATE_LIMIT, API_ROUTES, SERVICE_ROUTES, STREAM_PATHS, UNSHED_API_PATHS, rateLimitedPaths, rateLimitedPrefixes } from '@shm/contracts';
import {
  apiRouteTemplate,
  createMetrics,
  drainUnreadBody,
  errorMiddleware,
  healthRoutes,
  metricsEndpoint,
  notFoundHandler,
  openStreams,
  requestContext,
  unavailableErrors,
  type Logger,
  type Metrics,
  type ReadinessCheck,
} from '@shm/platform';
import { inFlightLimit, serviceProxy, trustProxies } from '@shm/platform/edge';
import { type GatewayConfig, serviceUrls } from './config';
import type { AdminAuth } from './domain/admin-auth';
import type { FeatureFlagsService } from './domain/feature-flags';
import type { RateLimitStore } from './domain/ports';
import type { WalletSignIn } from './domain/wallet-sign-in';
import { adminRateLimit, paymentRateLimit, signInRateLimit } from './entry-points/http/rate-limit';
import { adminRoutes } from './entry-points/http/admin.routes';
import { authRoutes } from './entry-points/http/auth.routes';
import { bodyLimit } from './entry-points/http/body-limit';
import { dropCredentials, resolveCaller } from './entry-points/http/caller';
import { docsRoutes } from './entry-points/http/docs.routes';
import { flagsRoutes } from './entry-points/http/flags.routes';
import { methodNotAllowed } from './entry-points/http/method-not-allowed';
import { sameOriginWrites } from './entry-points/http/same-origin';
import { stripIdentity } from './entry-points/http/strip-identity';

/** What the gateway's own routes and checks call (compose.ts builds them over Redis). */
export interface GatewayUseCases {
  signIn: WalletSignIn;
  admin: AdminAuth;
  flags: FeatureFlagsService;
  /** The rate-limit counters every replica shares. */
  limits: RateLimitStore;
}

export interface GatewayAppDeps {
  logger: Logger;
  config: GatewayConfig;
  /** What /readyz checks (the gateway's Redis). */
  readiness: Record<string, ReadinessCheck>;
  /** The process's metrics (a registry of its own when not given). */
  metrics?: Metrics;
  isShuttingDown?: () => boolean;
}

const VERSION = '0.1.0';
/**
 * Not counted against GATEWAY_MAX_IN_FLIGHT: a probe must tell the truth under load; the event
 * streams have their own cap; verify-payment only queues a check and answers at once, and a payer's
 * money path is not turned away under load (per-wallet limits and the proxy's socket gate bound
 * it). The API ones are the routes flagged `unshed` in the contracts.
 */
const UNSHED_PATHS = new Set(['/healthz', '/readyz', '/metrics', ...UNSHED_API_PATHS]);
/** Payment calls that write a session, queue a chain check or read the chain: limited per wallet. */
const PAYMENT_PATHS = rateLimitedPaths('payment');

/**
 * The gateway's HTTP surface, one express app: every request takes the steps below in order, a
 * step mounted on paths (express's matching: whole segments, any letter case, a trailing slash)
 * only on those. Errors end the list and are answered in the error shape. compose.ts builds what
 * it calls.
 */
export function createApp(
  { signIn, admin, flags, limits }: GatewayUseCases,
  { logger, config, readiness, metrics = createMetrics('gateway'), isShuttingDown = () => false }: GatewayAppDeps,
): Express {
  const cookie = { secure: new URL(config.PUBLIC_ORIGIN).protocol === 'https:' };
  const shed = inFlightLimit({
    max: config.GATEWAY_MAX_IN_FLIGHT,
    retryAfterSeconds: config.GATEWAY_RETRY_AFTER_S,
    exempt: (path) => UNSHED_PATHS.has(path),
    logger,
  });
  // A shed request is answered before requestContext, so it is counted here, not in http_requests_total.
  const shedTotal = metrics.counter({ name: 'gateway_requests_shed_total', help: 'Requests refused with 503 OVERLOADED because GATEWAY_MAX_IN_FLIGHT were in flight' });
  shedTotal.inc({}, 0);
  metrics.gauge({ name: 'gateway_requests_in_flight', help: 'Requests this gateway works on now (the count GATEWAY_MAX_IN_FLIGHT bounds)', collect: () => Promise.resolve([{ value: shed.inFlight }]) });
  const streams = openStreams({ max: config.SSE_MAX_STREAMS });

  const app = express();
  app.disable('x-powered-by');
  // req.ip is the client TRUSTED_PROXIES vouch for: rate limits count by it.
  trustProxies(app, config.TRUSTED_PROXIES);
  // Load shedding before anything else: a request past the bound costs as little as possible.
  app.use((req, res, next) => (shed.admit(req, res) ? next() : shedTotal.inc({})));
  // Requests are labelled by the API registry's templates, proxied ones too: never by the path itself.
  app.use(requestContext(logger, { metrics, routeOf: apiRouteTemplate }));
  app.use(drainUnreadBody());
  app.use(helmet());
  app.use(cors({ origin: config.CORS_ORIGINS, credentials: true, exposedHeaders: ['X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Retry-After'] }));
  app.use(healthRoutes(readiness, isShuttingDown));
  // Not under /api, so neither the web entry nor the Ingress (which route only /api here) can reach it.
  app.use(metricsEndpoint(metrics));
  app.use(sameOriginWrites([...config.CORS_ORIGINS, config.PUBLIC_ORIGIN]));
  app.use(stripIdentity);
  app.use(bodyLimit(config.BODY_LIMIT_BYTES));
  // Past SSE_MAX_STREAMS open event streams: 429 RATE_LIMITED with Retry-After, before any lookup.
  app.use([...STREAM_PATHS], (_req, res, next) => {
    streams.admit(res);
    next();
  });
  app.use(rateLimitedPrefixes('admin'), adminRateLimit(limits, ADMIN_RATE_LIMIT, logger));
  app.use(rateLimitedPaths('signIn'), signInRateLimit(limits, { limit: config.SIGN_IN_RATE_LIMIT, windowSeconds: config.SIGN_IN_RATE_WINDOW_S }, logger));
  app.use(resolveCaller({ signIn, admin, secret: config.INTERNAL_SECRET }));
  app.use(PAYMENT_PATHS, paymentRateLimit(limits, { limit: config.PAYMENT_RATE_LIMIT, windowSeconds: config.PAYMENT_RATE_WINDOW_S }, logger));
  app.use(methodNotAllowed(API_ROUTES));
  // One proxy, and so one socket pool, per service, whatever the number of its prefixes. Before the
  // gateway's own routes: a proxied call (most of the traffic) then never walks their routers.
  // The deepest prefixes first: /api/dashboard/alerts (alerts) is matched before /api/dashboard (dashboard).
  const prefixesOf = (service: string) => SERVICE_ROUTES.filter((route) => route.service === service).map((route) => route.prefix);
  const depth = (service: string) => Math.max(0, ...prefixesOf(service).map((prefix) => prefix.split('/').length));
  for (const [service, target] of Object.entries(serviceUrls(config)).sort(([a], [b]) => depth(b) - depth(a))) {
    const prefixes = prefixesOf(service);
    app.use(
      prefixes,
      dropCredentials,
      serviceProxy({
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
  app.use(
    authRoutes(signIn, { sessionTtlSeconds: config.WALLET_SESSION_TTL_SECONDS, cookie }),
    adminRoutes(admin, flags),
    flagsRoutes(flags),
    docsRoutes({ publicOrigin: config.PUBLIC_ORIGIN, version: VERSION }),
  );
  app.use(notFoundHandler);
  // Sessions, nonces, limits and flags live in Redis: while it is away callers get 503, not 500.
  app.use(unavailableErrors('The service is unavailable right now; try again shortly'));
  app.use(errorMiddleware(logger));
  return app;
}
