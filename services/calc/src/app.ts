import type { Express } from 'express';
import { createServiceApp, type Logger } from '@shm/platform';
import { openAccess, type AccessPolicy } from './domain/access-policy';
import { calculationsRoutes } from './entry-points/http/calculations.routes';

export interface CalcDeps {
  logger: Logger;
  access?: AccessPolicy;
  isShuttingDown?: () => boolean;
}

export function createApp(deps: CalcDeps): Express {
  return createServiceApp({ logger: deps.logger, isShuttingDown: deps.isShuttingDown }, (app) => {
    app.use(calculationsRoutes(deps.access ?? openAccess));
  });
}
