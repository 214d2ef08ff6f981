import { SHUTDOWN_IDLE_GRACE_MS, createLifecycle, createLogger, listen, loadConfig } from '@shm/platform';
import { composePaymentsService } from './compose';
import { DEV_PAYMENT_RECIPIENT, PaymentsConfigSchema, paymentsRole } from './config';

async function main(): Promise<void> {
  const logger = createLogger('payments');
  const config = loadConfig(PaymentsConfigSchema);
  const lifecycle = createLifecycle(logger);
  const service = await composePaymentsService(config, logger, { isShuttingDown: lifecycle.isShuttingDown });
  lifecycle.onShutdown(() => service.close());
  const server = await listen(service.app, config.PAYMENTS_PORT, config.BIND_HOST);
  lifecycle.onShutdown(() => server.close({ idleGraceMs: SHUTDOWN_IDLE_GRACE_MS }));
  const role = paymentsRole(config);
  logger.info(
    { url: server.url, chainId: config.CHAIN_ID, rpc: config.CHAIN_RPC_URL, recipient: config.PAYMENT_RECIPIENT, amount: config.PAYMENT_AMOUNT_SHM, role: config.PAYMENTS_ROLE, ...role },
    role.api ? 'payments listening' : 'payments worker running (HTTP: /healthz, /readyz and /metrics only)',
  );
  if (config.PAYMENT_RECIPIENT.toLowerCase() === DEV_PAYMENT_RECIPIENT.toLowerCase()) {
    logger.info({ recipient: config.PAYMENT_RECIPIENT }, 'payment recipient: the local dev account (Hardhat account #1); set PAYMENT_RECIPIENT for anything real');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
