import { runService } from '@shm/platform';
import { composePaymentsService } from './compose';
import { DEV_PAYMENT_RECIPIENT, PaymentsConfigSchema, paymentsRole } from './config';

runService({
  name: 'payments',
  configSchema: PaymentsConfigSchema,
  port: (config) => config.PAYMENTS_PORT,
  compose: composePaymentsService,
  listening(config) {
    const role = paymentsRole(config);
    return {
      fields: { chainId: config.CHAIN_ID, rpc: config.CHAIN_RPC_URL, recipient: config.PAYMENT_RECIPIENT, amount: config.PAYMENT_AMOUNT_SHM, role: config.PAYMENTS_ROLE, ...role },
      message: role.api ? 'payments listening' : 'payments worker running (HTTP: /healthz, /readyz and /metrics only)',
    };
  },
  announce(config, logger) {
    if (config.PAYMENT_RECIPIENT.toLowerCase() === DEV_PAYMENT_RECIPIENT.toLowerCase()) {
      logger.info({ recipient: config.PAYMENT_RECIPIENT }, 'payment recipient: the local dev account (Hardhat account #1); set PAYMENT_RECIPIENT for anything real');
    }
  },
});
