import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import { ADMIN_RATE_LIMIT, API_ROUTES, SERVICE_ROUTES, STREAM_PATHS, UNSHED_API_PATHS, prefixOf, rateLimitedPaths, rateLimitedPrefixes } from '@shm/contracts';
import {
  AppError,
  apiRouteTemplate,
  clientAddressOf,
  createMetrics,
  drainUnreadBody,
  forPaths,
  healthRoutes,
  inFlightLimit,
  metricsEndpoint,
  openStreams,
  pathOf,
  requestContext,
  routeMatcher,
  runChain,
  sendError,
  serviceProxy,
  trustProxies,
  unavailableErrors,
  underAny,
  type Logger,
  type Metrics,
  type NodeMiddleware,
  type ReadinessCheck,
  type ServiceApp,
} from '@shm/platform';
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
import { streamCap } from './entry-points/http/stream-cap';
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
 * streams have their own cap; verify-payment waits for the verification worker by design (up to
 * VERIFY_WAIT_MS, no work meanwhile), so a crowd of payers waiting for their confirmation must not
 * push everyone else out (per-wallet limits and the proxy's socket gate bound it). The API ones are
 * the routes flagged `unshed` in the contracts.
 */
const UNSHED_PATHS = new Set(['/healthz', '/readyz', '/metrics', ...UNSHED_API_PATHS]);
/**
 * The paths of the steps scoped to some: as express's `app.use(path)` and its routers match them
 * (whole segments, any letter case), so no case or trailing slash slips past a limit.
 */
const isProbe = underAny(['/healthz', '/readyz']);
const isAdmin = underAny(rateLimitedPrefixes('admin'));
const isSignIn = underAny(rateLimitedPaths('signIn'));
/** The prefixes of the gateway's own routes (auth, admin, flags, docs). */
const isOwnRoute = underAny([...new Set(API_ROUTES.filter((r) => r.service === 'gateway').map((r) => prefixOf(r.path)))]);
/** Payment calls that write a session, queue a chain check or read the chain: limited per wallet. */
const paymentWrites = routeMatcher(API_ROUTES.filter((r) => r.rateLimit === 'payment'));
/** Whether a concrete path is one of them (`/api/check-payment-status/0x…` included, not only exact paths). */
const isPaymentWrite = (path: string) => paymentWrites(path.toLowerCase()).length > 0;

/** The gateway's HTTP surface only; compose.ts builds what it calls. */
export function createApp(
  { signIn, admin, flags, limits }: GatewayUseCases,
  { logger, config, readiness, metrics = createMetrics('gateway'), isShuttingDown = () => false }: GatewayAppDeps,
): ServiceApp {
  const cookie = { secure: new URL(config.PUBLIC_ORIGIN).protocol === 'https:' };
  // Sessions, nonces, limits and flags live in Redis: while it is away callers get 503, not 500.
  const unavailable = unavailableErrors('The service is unavailable right now; try again shortly');
  // Rate limits count per client as `req.ip` would judge it (TRUSTED_PROXIES), express or not.
  const clientOf = clientAddressOf(config.TRUSTED_PROXIES);
  const proxies = serviceProxies(config, logger);
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

  // The gateway's own routes are express routers (their JSON bodies, cookies and replies); express
  // runs for their paths only, as one step of the list below.
  const ownRoutes = routers(
    config,
    authRoutes(signIn, { sessionTtlSeconds: config.WALLET_SESSION_TTL_SECONDS, cookie }),
    adminRoutes(admin, flags),
    flagsRoutes(flags),
    docsRoutes({ publicOrigin: config.PUBLIC_ORIGIN, version: VERSION }),
  );

  // Every request, in this order; a step scoped to some paths (`forPaths`) lets the others by.
  // Errors (a throw, a rejection, `next(err)`) end the list and are answered in the error shape.
  const steps = [
    // Requests are labelled by the API registry's templates, proxied ones too: never by the path itself.
    requestContext(logger, { metrics, routeOf: apiRouteTemplate }),
    drainUnreadBody(),
    helmet(),
    cors({ origin: config.CORS_ORIGINS, credentials: true, exposedHeaders: ['X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Retry-After'] }),
    forPaths(isProbe, routers(config, healthRoutes(readiness, isShuttingDown))),
    // Not under /api, so neither the web entry nor the Ingress (which route only /api here) can reach it.
    metricsEndpoint(metrics),
    sameOriginWrites([...config.CORS_ORIGINS, config.PUBLIC_ORIGIN]),
    stripIdentity,
    bodyLimit(config.BODY_LIMIT_BYTES),
    streamCap(STREAM_PATHS, openStreams({ max: config.SSE_MAX_STREAMS })),
    forPaths(isAdmin, adminRateLimit(limits, ADMIN_RATE_LIMIT, clientOf) as NodeMiddleware),
    forPaths(isSignIn, signInRateLimit(limits, { limit: config.SIGN_IN_RATE_LIMIT, windowSeconds: config.SIGN_IN_RATE_WINDOW_S }, clientOf) as NodeMiddleware),
    resolveCaller({ signIn, admin, secret: config.INTERNAL_SECRET }),
    forPaths(isPaymentWrite, paymentRateLimit(limits, { limit: config.PAYMENT_RATE_LIMIT, windowSeconds: config.PAYMENT_RATE_WINDOW_S }, clientOf) as NodeMiddleware),
    forPaths(isOwnRoute, ownRoutes),
    methodNotAllowed(API_ROUTES),
    dropCredentials,
    proxies.handler,
  ] as NodeMiddleware[];

  const front = (req: IncomingMessage, res: ServerResponse) => {
    // Before anything else: a request past the bound costs as little as possible.
    if (!shed.admit(req, res)) return shedTotal.inc({});
    (res as ServerResponse & { locals: Record<string, unknown> }).locals = {};
    const fail = (err: unknown) => unavailable(err, req as Request, res as Response, (mapped?: unknown) => sendError(mapped ?? err, req, res, logger));
    const notFound = () => fail(AppError.notFound(`No route for ${req.method} ${pathOf(req)}`));
    runChain(steps, req, res, notFound, fail);
  };
  return Object.assign(front, { express: ownRoutes });
}

/**
 * An express app of routers, for one step of the list: what none of them answers goes on to the
 * next step, and their errors to the list's error answer.
 */
function routers(config: GatewayConfig, ...handlers: RequestHandler[]): Express {
  const app = express();
  app.disable('x-powered-by');
  trustProxies(app, config.TRUSTED_PROXIES);
  app.use(...handlers);
  return app;
}

/** One proxy, and so one socket pool, per service, whatever the number of its prefixes. */
function serviceProxies(config: GatewayConfig, logger: Logger) {
  const routes = Object.entries(serviceUrls(config)).map(([service, target]) => {
    const prefixes = SERVICE_ROUTES.filter((route) => route.service === service).map((route) => route.prefix);
    const proxy = serviceProxy({
      prefix: prefixes,
      service,
      target,
      timeoutMs: config.PROXY_TIMEOUT_MS,
      maxSockets: config.PROXY_MAX_SOCKETS,
      socketWaitMs: config.PROXY_SOCKET_WAIT_MS,
      streamPaths: STREAM_PATHS,
      logger,
    });
    return { prefixes, proxy };
  });
  const owner = (path: string) => routes.find((r) => r.prefixes.some((p) => path === p || path.startsWith(`${p}/`)));
  return {
    /** A service's path goes to the service, anything else on. */
    handler: ((req, res, next) => {
      const route = owner(pathOf(req));
      if (!route) return next();
      return route.proxy(req as Request, res as Response, next as NextFunction);
    }) as NodeMiddleware,
  };
}
