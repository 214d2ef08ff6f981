import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';
import express, { type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import { ADMIN_RATE_LIMIT, API_ROUTES, SERVICE_ROUTES, STREAM_PATHS, UNSHED_API_PATHS, rateLimitedPaths, rateLimitedPrefixes, routeMatcher } from '@shm/contracts';
import {
  apiRouteTemplate,
  createMetrics,
  drainUnreadBody,
  errorMiddleware,
  healthRoutes,
  inFlightLimit,
  metricsEndpoint,
  notFoundHandler,
  openStreams,
  pathOf,
  requestContext,
  runChain,
  sendError,
  serviceProxy,
  trustProxies,
  unavailableErrors,
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
/** Payment calls that write a session, queue a chain check or read the chain: limited per wallet. */
const PAYMENT_WRITE_PATHS = rateLimitedPaths('payment');
const paymentWrites = routeMatcher(API_ROUTES.filter((r) => r.rateLimit === 'payment'));
/** Whether a concrete path is one of them (`/api/check-payment-status/0x…` included, not only exact paths). */
const isPaymentWrite = (path: string) => paymentWrites(path).length > 0;

/** The gateway's HTTP surface only; compose.ts builds what it calls. */
export function createApp(
  { signIn, admin, flags, limits }: GatewayUseCases,
  { logger, config, readiness, metrics = createMetrics('gateway'), isShuttingDown = () => false }: GatewayAppDeps,
): ServiceApp {
  const cookie = { secure: new URL(config.PUBLIC_ORIGIN).protocol === 'https:' };
  // Requests are labelled by the API registry's templates, proxied ones too: never by the path itself.
  const context = requestContext(logger, { metrics, routeOf: apiRouteTemplate });
  // Sessions, nonces, limits and flags live in Redis: while it is away callers get 503, not 500.
  const unavailable = unavailableErrors('The service is unavailable right now; try again shortly');

  // Built once, used by express and by the front (below) alike.
  const drain = drainUnreadBody();
  const headers = helmet();
  const crossOrigin = cors({
    origin: config.CORS_ORIGINS,
    credentials: true,
    exposedHeaders: ['X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Retry-After'],
  });
  const sameOrigin = sameOriginWrites([...config.CORS_ORIGINS, config.PUBLIC_ORIGIN]);
  const limitBody = bodyLimit(config.BODY_LIMIT_BYTES);
  const caller = resolveCaller({ signIn, admin, secret: config.INTERNAL_SECRET });
  const methods = methodNotAllowed(API_ROUTES);
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
  metrics.gauge({ name: 'gateway_requests_in_flight', help: 'Requests this gateway works on now (the count GATEWAY_MAX_IN_FLIGHT bounds)', collect: async () => [{ value: shed.inFlight }] });

  const app = express();
  app.disable('x-powered-by');
  trustProxies(app, config.TRUSTED_PROXIES);
  app.use(context);
  app.use(drain);
  app.use(headers);
  app.use(crossOrigin);
  app.use(healthRoutes(readiness, isShuttingDown));
  // Not under /api, so neither the web entry nor the Ingress (which route only /api here) can reach it.
  app.use(metricsEndpoint(metrics));
  app.use(sameOrigin);
  app.use(stripIdentity);
  app.use(limitBody);
  app.use(streamCap(STREAM_PATHS, openStreams({ max: config.SSE_MAX_STREAMS })));
  app.use(rateLimitedPrefixes('admin'), adminRateLimit(limits, ADMIN_RATE_LIMIT));
  app.use(rateLimitedPaths('signIn'), signInRateLimit(limits, { limit: config.SIGN_IN_RATE_LIMIT, windowSeconds: config.SIGN_IN_RATE_WINDOW_S }));
  app.use(caller);
  app.use(PAYMENT_WRITE_PATHS, paymentRateLimit(limits, { limit: config.PAYMENT_RATE_LIMIT, windowSeconds: config.PAYMENT_RATE_WINDOW_S }));

  app.use(authRoutes(signIn, { sessionTtlSeconds: config.WALLET_SESSION_TTL_SECONDS, cookie }));
  app.use(adminRoutes(admin, flags));
  app.use(flagsRoutes(flags));
  app.use(docsRoutes({ publicOrigin: config.PUBLIC_ORIGIN, version: VERSION }));

  app.use(methods);
  app.use(dropCredentials);
  app.use(proxies.handler);

  app.use(notFoundHandler);
  app.use(unavailable);
  app.use(errorMiddleware(logger));

  // The front: a request for a service that needs none of the gateway's own routes, rate limits or
  // stream caps (the calculations, network and price reads, the dashboard, payment reads) takes
  // the same checks in the same order without express, which would cost more than the rest of
  // the hop (node-chain.ts). Everything else, preflights included, goes to the app above.
  const forwardChain = [drain, headers, crossOrigin, sameOrigin, stripIdentity, limitBody, caller, methods, dropCredentials] as NodeMiddleware[];
  const direct = (req: IncomingMessage) => {
    if (req.method === 'OPTIONS') return false;
    const path = pathOf(req);
    return proxies.owns(path) && !STREAM_PATHS.includes(path) && !isPaymentWrite(path);
  };
  const front = (req: IncomingMessage, res: ServerResponse) => {
    // Before anything else, on both paths: a request past the bound costs as little as possible.
    if (!shed.admit(req, res)) return shedTotal.inc({});
    if (!direct(req)) return app(req, res);
    (res as ServerResponse & { locals: Record<string, unknown> }).locals = {};
    const fail = (err: unknown) => unavailable(err, req as Request, res as Response, (mapped?: unknown) => sendError(mapped ?? err, req, res, logger));
    context(req, res, () => runChain(forwardChain, req, res, () => proxies.forward(req, res), fail));
  };
  return Object.assign(front, { express: app });
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
    owns: (path: string) => owner(path) !== undefined,
    /** For a path `owns` accepted: hands it to its service. */
    forward: (req: IncomingMessage, res: ServerResponse) => void owner(pathOf(req))?.proxy(req as Request, res as Response, () => {}),
    /** Express middleware: a service's path goes to the service, anything else on. */
    handler: ((req, res, next) => {
      const route = owner(req.path);
      if (!route) return next();
      return route.proxy(req, res, next);
    }) as RequestHandler,
  };
}
