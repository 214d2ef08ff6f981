import { Router } from 'express';
import { WalletConnectConfigReplySchema, type WalletConnectConfigReply } from '@shm/contracts';

/** Spec §7 walletconnect-config: public, the same for everyone. */
export function configRoutes(config: WalletConnectConfigReply): Router {
  const router = Router();
  router.get('/api/walletconnect-config', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(WalletConnectConfigReplySchema.parse(config));
  });
  return router;
}
