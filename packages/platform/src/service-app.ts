import express, { type Express } from 'express';
import { drainUnreadBody } from './drain-body';
import { errorMiddleware, notFoundHandler } from './error-middleware';
import { healthRoutes, type ReadinessCheck } from './health';
import type { Logger } from './logger';
import { requestContext } from './request-context';

export interface ServiceAppOptions {
  logger: Logger;
  readiness?: Record<string, ReadinessCheck>;
  isShuttingDown?: () => boolean;
  jsonLimit?: string;
}

/**
 * The frame every service app shares: request ids and logs, health, a JSON body limit (the rest of
 * a refused body is drained, so the connection stays usable), then the service's routes, then 404
 * and the one error handler.
 */
export function createServiceApp(options: ServiceAppOptions, mountRoutes: (app: Express) => void): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestContext(options.logger));
  app.use(drainUnreadBody());
  app.use(healthRoutes(options.readiness ?? {}, options.isShuttingDown ?? (() => false)));
  app.use(express.json({ limit: options.jsonLimit ?? '32kb' }));
  mountRoutes(app);
  app.use(notFoundHandler);
  app.use(errorMiddleware(options.logger));
  return app;
}
