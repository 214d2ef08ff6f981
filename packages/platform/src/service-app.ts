import type { RequestListener } from 'node:http';
import express, { type Express } from 'express';
import { drainUnreadBody } from './drain-body';
import { errorMiddleware, notFoundHandler } from './error-middleware';
import { jsonRoutesRouter, leanJsonRoutes, type JsonRoute } from './json-routes';
import { healthRoutes, type ReadinessCheck } from './health';
import type { Logger } from './logger';
import { metricsEndpoint, type Metrics } from './metrics';
import { requestContext } from './request-context';

export interface ServiceAppOptions {
  logger: Logger;
  /** The process's metrics: every request is recorded there, and `GET /metrics` serves them. */
  metrics: Metrics;
  readiness?: Record<string, ReadinessCheck>;
  isShuttingDown?: () => boolean;
  /** Bytes of JSON body accepted (32 kB). */
  jsonLimitBytes?: number;
  /** The service's hot routes: served on the lean path, and through express for any other request. */
  jsonRoutes?: readonly JsonRoute[];
}

/** A service's request listener; `express` is the app behind it (a test reads its routes there). */
export type ServiceApp = RequestListener & { express: Express };

/**
 * The frame every service app shares: request ids, logs and request metrics, the lean path for the
 * hot JSON routes (json-routes.ts), health and `/metrics`, a JSON body limit (the rest of a refused
 * body is drained, so the connection stays usable), then the service's routes, then 404 and the one
 * error handler.
 */
export function createServiceApp(options: ServiceAppOptions, mountRoutes: (app: Express) => void): ServiceApp {
  const app = express();
  app.disable('x-powered-by');
  const { jsonRoutes = [], jsonLimitBytes = 32 * 1024 } = options;
  const context = requestContext(options.logger, { metrics: options.metrics });
  app.use(context);
  app.use(drainUnreadBody());
  app.use(healthRoutes(options.readiness ?? {}, options.isShuttingDown ?? (() => false)));
  app.use(metricsEndpoint(options.metrics));
  app.use(express.json({ limit: jsonLimitBytes }));
  if (jsonRoutes.length) app.use(jsonRoutesRouter(jsonRoutes));
  mountRoutes(app);
  app.use(notFoundHandler);
  app.use(errorMiddleware(options.logger));
  // The hot routes are answered before express; every other request goes on to it.
  const lean = leanJsonRoutes(jsonRoutes, { logger: options.logger, maxBytes: jsonLimitBytes });
  const front: RequestListener = jsonRoutes.length ? (req, res) => context(req, res, () => lean(req, res, () => app(req, res))) : app;
  return Object.assign(front, { express: app });
}
