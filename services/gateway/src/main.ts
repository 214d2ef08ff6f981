import { runService } from '@shm/platform';
import { composeGateway } from './compose';
import { DEV_ADMIN_WALLET, GatewayConfigSchema } from './config';

runService({
  name: 'gateway',
  configSchema: GatewayConfigSchema,
  port: (config) => config.GATEWAY_PORT,
  compose: composeGateway,
  announce(config, logger) {
    if (config.ADMIN_WALLET.toLowerCase() === DEV_ADMIN_WALLET.toLowerCase()) {
      logger.info({ adminWallet: config.ADMIN_WALLET }, 'admin wallet: the local dev account (Hardhat account #0); set ADMIN_WALLET for anything real');
    } else {
      logger.info({ adminWallet: config.ADMIN_WALLET }, 'admin wallet');
    }
  },
});
