import type { RequestListener } from 'node:http';
import express, { type Express } from 'express';
import { drainUnreadBody } from './drain-body';
import { errorMiddleware, notFoundHandler } from './error-middleware';
import { healthRoutes, type ReadinessCheck } from './health';
import { identityOf } from './identity';
import type { Logger } from './logger';
import { createMetrics, metricsEndpoint, type Metrics } from './metrics';
import { requestContext } from './request-context';
import type { RouteCaller, RouteHandler } from './route-handler';
import { expressRoutes, leanRoutes, type ServeOptions } from './route-transports';

/** What every service's `createApp` takes besides its use cases. */
export interface AppDeps {
  logger: Logger;
  /** The process's metrics (a registry of its own, named after the service, when not given). */
  metrics?: Metrics;
  /** Checks the gateway's identity header (env INTERNAL_SECRET); without it no caller is signed in. */
  internalSecret?: string;
  readiness?: Record<string, ReadinessCheck>;
  isShuttingDown?: () => boolean;
}

export interface ServiceAppOptions extends AppDeps, Pick<ServeOptions, 'guard' | 'unavailable'> {
  /** The service's name: its metrics' prefix when none are given. */
  name: string;
  /** Every route the service answers, each a contract with its handler (route-handler.ts). */
  routes: readonly RouteHandler[];
  /** Bytes of JSON body accepted (32 kB). */
  jsonLimitBytes?: number;
}

/** A service's request listener; `express` is the app behind it (a test reads its routes there). */
export type ServiceApp = RequestListener & { express: Express };

/**
 * The one app every service runs: request ids, logs and request metrics, health and `/metrics`, a
 * JSON body limit (the rest of a refused body is drained, so the connection stays usable), the
 * service's routes through the one pipeline, then 404 and the one error handler. The ordinary
 * request of a route takes the lean transport and everything else express (route-transports.ts).
 */
export function createServiceApp(options: ServiceAppOptions): ServiceApp {
  const { logger, routes, internalSecret, jsonLimitBytes = 32 * 1024 } = options;
  const metrics = options.metrics ?? createMetrics(options.name);
  const serve: ServeOptions = {
    // The wallet and the admin the gateway vouched for; a hand-written identity header is no identity.
    identify: (req): RouteCaller => {
      const identity = internalSecret === undefined ? null : identityOf(req, internalSecret);
      return { wallet: identity?.wallet?.toLowerCase(), admin: identity?.admin === true };
    },
    guard: options.guard,
    unavailable: options.unavailable,
  };
  const app = express();
  app.disable('x-powered-by');
  const context = requestContext(logger, { metrics });
  app.use(context);
  app.use(drainUnreadBody());
  app.use(healthRoutes(options.readiness ?? {}, options.isShuttingDown ?? (() => false)));
  app.use(metricsEndpoint(metrics));
  app.use(express.json({ limit: jsonLimitBytes }));
  app.use(expressRoutes(routes, { ...serve, jsonLimitBytes }));
  app.use(notFoundHandler);
  app.use(errorMiddleware(logger));
  const lean = leanRoutes(routes, { ...serve, logger, maxBytes: jsonLimitBytes });
  const front: RequestListener = (req, res) => context(req, res, () => lean(req, res, () => void app(req, res)));
  return Object.assign(front, { express: app });
}
