import { SHUTDOWN_IDLE_GRACE_MS, createLifecycle, createLogger, listen, loadConfig } from '@shm/platform';
import { composeGateway } from './compose';
import { DEV_ADMIN_WALLET, GatewayConfigSchema } from './config';

async function main(): Promise<void> {
  const logger = createLogger('gateway');
  const config = loadConfig(GatewayConfigSchema);
  const lifecycle = createLifecycle(logger);
  const gateway = await composeGateway(config, logger, { isShuttingDown: lifecycle.isShuttingDown });
  lifecycle.onShutdown(() => gateway.close());
  const server = await listen(gateway.app, config.GATEWAY_PORT, config.BIND_HOST);
  lifecycle.onShutdown(() => server.close({ idleGraceMs: SHUTDOWN_IDLE_GRACE_MS }));
  logger.info({ url: server.url }, 'gateway listening');
  if (config.ADMIN_WALLET.toLowerCase() === DEV_ADMIN_WALLET.toLowerCase()) {
    logger.info({ adminWallet: config.ADMIN_WALLET }, 'admin wallet: the local dev account (Hardhat account #0); set ADMIN_WALLET for anything real');
  } else {
    logger.info({ adminWallet: config.ADMIN_WALLET }, 'admin wallet');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
