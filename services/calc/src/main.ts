import { createLifecycle, createLogger, listen, loadConfig } from '@shm/platform';
import { createApp } from './app';
import { CalcConfigSchema } from './config';

async function main(): Promise<void> {
  const logger = createLogger('calc');
  const config = loadConfig(CalcConfigSchema);
  const lifecycle = createLifecycle(logger);
  const app = createApp({ logger, isShuttingDown: lifecycle.isShuttingDown });
  const server = await listen(app, config.CALC_PORT, config.BIND_HOST);
  lifecycle.onShutdown(() => server.close());
  logger.info({ url: server.url }, 'calc listening');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
