import { mountRoute } from '@shm/platform';
import { Router } from 'express';
import { type WalletConnectConfigReply, paymentContract } from '@shm/contracts';

/** Spec §7 walletconnect-config: public, the same for everyone. */
export function configRoutes(config: WalletConnectConfigReply): Router {
  const router = Router();
  mountRoute(router, paymentContract.walletConnectConfig, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(paymentContract.walletConnectConfig.reply.parse(config));
  });
  return router;
}
