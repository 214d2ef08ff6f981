import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Express } from 'express';
import { createMetrics, type Logger, type Metrics } from '@shm/platform';
import { createApp } from './app';
import type { WebConfig } from './config';
import { loadRenderer } from './render-page';

export interface WebService {
  app: Express;
  /** Served on WEB_METRICS_PORT (main.ts), never on the public port. */
  metrics: Metrics;
  close(): Promise<void>;
}

/**
 * Builds the web entry from its configuration: the built SPA (refusing to start without one), its
 * server render when the build has it, the metrics and the HTTP app. It opens nothing to close.
 */
export async function composeWeb(config: WebConfig, logger: Logger, options: { isShuttingDown?: () => boolean } = {}): Promise<WebService> {
  if (!existsSync(path.join(config.WEB_DIST, 'index.html'))) {
    throw new Error(`No built SPA in ${config.WEB_DIST}: run "npm run build:web" first`);
  }
  const metrics = createMetrics('web', { logger });
  const entry = await loadRenderer(config.WEB_SSR_ENTRY, logger);
  const app = createApp({ logger, config, metrics, entry, isShuttingDown: options.isShuttingDown });
  return { app, metrics, close: () => Promise.resolve() };
}
