import { SHUTDOWN_IDLE_GRACE_MS, createLifecycle, createLogger, listen, loadConfig } from '@shm/platform';
import { composeNetworkService } from './compose';
import { NetworkConfigSchema } from './config';

async function main(): Promise<void> {
  const logger = createLogger('network');
  const config = loadConfig(NetworkConfigSchema);
  const lifecycle = createLifecycle(logger);
  const service = await composeNetworkService(config, logger, { isShuttingDown: lifecycle.isShuttingDown });
  lifecycle.onShutdown(() => service.close());
  const server = await listen(service.app, config.NETWORK_PORT, config.BIND_HOST);
  lifecycle.onShutdown(() => server.close({ idleGraceMs: SHUTDOWN_IDLE_GRACE_MS }));
  logger.info(
    { url: server.url, archivers: config.ARCHIVER_URLS, pollMs: config.NETWORK_POLL_MS, polling: config.POLLING_ENABLED },
    'network listening',
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
