import { existsSync } from 'node:fs';
import path from 'node:path';
import { SHUTDOWN_IDLE_GRACE_MS, createLifecycle, createLogger, createMetrics, listen, loadConfig, metricsListener } from '@shm/platform';
import { createApp } from './app';
import { loadRenderer } from './render-page';
import { WebConfigSchema } from './config';

async function main(): Promise<void> {
  const logger = createLogger('web');
  const config = loadConfig(WebConfigSchema);
  if (!existsSync(path.join(config.WEB_DIST, 'index.html'))) {
    throw new Error(`No built SPA in ${config.WEB_DIST}: run "npm run build:web" first`);
  }
  const lifecycle = createLifecycle(logger);
  const metrics = createMetrics('web', { logger });
  const render = await loadRenderer(config.WEB_SSR_ENTRY, logger);
  const server = await listen(createApp(logger, config, metrics, render), config.WEB_PORT, config.BIND_HOST);
  lifecycle.onShutdown(() => server.close({ idleGraceMs: SHUTDOWN_IDLE_GRACE_MS }));
  // The public port never answers metrics: they have a port of their own, for Prometheus only.
  const metricsServer = await listen(metricsListener(metrics), config.WEB_METRICS_PORT, config.BIND_HOST);
  lifecycle.onShutdown(() => metricsServer.close());
  logger.info({ url: server.url, metrics: `${metricsServer.url}/metrics` }, 'web listening');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
