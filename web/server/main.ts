import { existsSync } from 'node:fs';
import path from 'node:path';
import { SHUTDOWN_IDLE_GRACE_MS, createLifecycle, createLogger, listen, loadConfig } from '@shm/platform';
import { createApp } from './app';
import { WebConfigSchema } from './config';

async function main(): Promise<void> {
  const logger = createLogger('web');
  const config = loadConfig(WebConfigSchema);
  if (!existsSync(path.join(config.WEB_DIST, 'index.html'))) {
    throw new Error(`No built SPA in ${config.WEB_DIST}: run "npm run build:web" first`);
  }
  const lifecycle = createLifecycle(logger);
  const server = await listen(createApp(logger, config), config.WEB_PORT, config.BIND_HOST);
  lifecycle.onShutdown(() => server.close({ idleGraceMs: SHUTDOWN_IDLE_GRACE_MS }));
  logger.info({ url: server.url }, 'web listening');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
