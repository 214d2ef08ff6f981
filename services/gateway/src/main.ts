import { createLifecycle, createLogger, listen, loadConfig } from '@shm/platform';
import { createApp } from './app';
import { GatewayConfigSchema } from './config';

async function main(): Promise<void> {
  const logger = createLogger('gateway');
  const config = loadConfig(GatewayConfigSchema);
  const lifecycle = createLifecycle(logger);
  const app = createApp({ logger, config, isShuttingDown: lifecycle.isShuttingDown });
  const server = await listen(app, config.GATEWAY_PORT, config.BIND_HOST);
  lifecycle.onShutdown(() => server.close());
  logger.info({ url: server.url }, 'gateway listening');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
