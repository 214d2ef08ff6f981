import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { SERVICE_ROUTES } from '@shm/contracts';
import { errorMiddleware, healthRoutes, notFoundHandler, requestContext, serviceProxy, type Logger } from '@shm/platform';
import { type GatewayConfig, serviceUrls } from './config';
import { bodyLimit } from './entry-points/http/body-limit';
import { stripIdentity } from './entry-points/http/strip-identity';

export interface GatewayDeps {
  logger: Logger;
  config: GatewayConfig;
  isShuttingDown?: () => boolean;
}

export function createApp({ logger, config, isShuttingDown = () => false }: GatewayDeps): Express {
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
  app.use(healthRoutes({}, isShuttingDown));
  app.use(stripIdentity);
  app.use(bodyLimit(config.BODY_LIMIT_BYTES));

  const urls = serviceUrls(config);
  for (const { prefix, service } of SERVICE_ROUTES) {
    app.use(serviceProxy({ prefix, service, target: urls[service], timeoutMs: config.PROXY_TIMEOUT_MS, logger }));
  }

  app.use(notFoundHandler);
  app.use(errorMiddleware(logger));
  return app;
}
