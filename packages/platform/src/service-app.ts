import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { Router, type Express, type Response } from 'express';
import { drainUnreadBody } from './drain-body';
import { errorMiddleware, notFoundHandler } from './error-middleware';
import { healthRoutes, type ReadinessCheck } from './health';
import { identityOf } from './identity';
import type { Logger } from './logger';
import { createMetrics, metricsEndpoint, type Metrics } from './metrics';
import { requestContext } from './request-context';
import { runHandler, type PipelineOptions, type RouteCaller, type RouteHandler } from './route-handler';

/** The pipeline's options, less the writer (express's `res.json`). */
export type ServeOptions = Omit<PipelineOptions, 'send'>;

const verbs = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const;

/**
 * Every route on an express router, through the pipeline, its JSON body read by express's parser
 * when the pipeline asks for it (after the caller's checks).
 */
export function expressRoutes(handlers: readonly RouteHandler[], options: ServeOptions & { jsonLimitBytes: number }): Router {
  const router = Router();
  const json = express.json({ limit: options.jsonLimitBytes });
  const pipeline = { ...options, send: (_req: IncomingMessage, res: ServerResponse, status: number, reply: unknown) => void (res as Response).status(status).json(reply) };
  for (const served of handlers) {
    const { method, path } = served.route;
    router[verbs[method]](path, (req, res) => {
      // express's Request is the IncomingMessage node made, with express's prototype above it.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
      const readBody = () => new Promise((resolve, reject) => json(req, res, (err?: Error) => (err ? reject(err) : resolve(req.body))));
      return runHandler(served, { params: req.params as Record<string, string>, query: req.query, readBody }, req, res, pipeline);
    });
  }
  return router;
}

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

/** What a process serves: its express app (a request listener, as `listen` takes it). */
export type ServiceApp = Express;

/**
 * The one app every service runs, on express: request ids, logs and request metrics, health and
 * `/metrics`, the service's routes through the one pipeline (a body is read once the caller has
 * passed the route's checks, within `jsonLimitBytes`; the rest of a body refused or never read is
 * drained, so the connection stays usable), then 404 and the one error handler.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const { logger, routes, internalSecret, jsonLimitBytes = 32 * 1024 } = options;
  const metrics = options.metrics ?? createMetrics(options.name);
  const app = express();
  app.disable('x-powered-by');
  app.use(requestContext(logger, { metrics }));
  app.use(drainUnreadBody());
  app.use(healthRoutes(options.readiness ?? {}, options.isShuttingDown ?? (() => false)));
  app.use(metricsEndpoint(metrics));
  app.use(
    expressRoutes(routes, {
      // The wallet and the admin the gateway vouched for; a hand-written identity header is no identity.
      identify: (req): RouteCaller => {
        const identity = internalSecret === undefined ? null : identityOf(req, internalSecret);
        return { wallet: identity?.wallet?.toLowerCase(), admin: identity?.admin === true };
      },
      guard: options.guard,
      unavailable: options.unavailable,
      jsonLimitBytes,
    }),
  );
  app.use(notFoundHandler);
  app.use(errorMiddleware(logger));
  return app;
}
