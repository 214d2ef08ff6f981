import { hostname } from 'node:os';
import { SHUTDOWN_IDLE_GRACE_MS, createLifecycle, createLogger, listen, loadConfig } from '@shm/platform';
import { composeDashboardService } from './compose';
import { DashboardConfigSchema } from './config';

async function main(): Promise<void> {
  const logger = createLogger('dashboard');
  const config = loadConfig(DashboardConfigSchema);
  const lifecycle = createLifecycle(logger);
  const service = await composeDashboardService(config, logger, {
    instance: `${hostname()}:${config.DASHBOARD_PORT}`,
    isShuttingDown: lifecycle.isShuttingDown,
  });
  lifecycle.onShutdown(() => service.close());
  const server = await listen(service.app, config.DASHBOARD_PORT, config.BIND_HOST);
  lifecycle.onShutdown(() => server.close({ idleGraceMs: SHUTDOWN_IDLE_GRACE_MS }));
  logger.info({ url: server.url, db: config.MONGO_DB }, 'dashboard listening');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
