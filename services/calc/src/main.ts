import { SHUTDOWN_IDLE_GRACE_MS, createLifecycle, createLogger, listen, loadConfig } from '@shm/platform';
import { composeCalcService } from './compose';
import { CalcConfigSchema } from './config';

async function main(): Promise<void> {
  const logger = createLogger('calc');
  const config = loadConfig(CalcConfigSchema);
  const lifecycle = createLifecycle(logger);
  const service = await composeCalcService(config, logger, { isShuttingDown: lifecycle.isShuttingDown });
  lifecycle.onShutdown(() => service.close());
  const server = await listen(service.app, config.CALC_PORT, config.BIND_HOST);
  lifecycle.onShutdown(() => server.close({ idleGraceMs: SHUTDOWN_IDLE_GRACE_MS }));
  logger.info({ url: server.url }, 'calc listening');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
