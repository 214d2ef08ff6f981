import { Router } from 'express';
import { ClearSessionReplySchema, PaymentSessionReplySchema, WalletAddressSchema, WalletSessionInfoReplySchema } from '@shm/contracts';
import { assertSameWallet, parseWith, signedInWallet } from '@shm/platform';
import { z } from 'zod';
import type { PaymentUseCases } from '../../domain/use-cases';

const AddressParamSchema = z.object({ address: WalletAddressSchema });

/** Spec §7 session calls: hours left for a wallet, one session, and clearing it. */
export function sessionRoutes(useCases: PaymentUseCases, secret: string): Router {
  const router = Router();

  router.get('/api/wallet/:address/session-info', async (req, res) => {
    const wallet = signedInWallet(req, secret);
    const { address } = parseWith(AddressParamSchema, req.params);
    assertSameWallet(address, wallet, 'address');
    res.setHeader('Cache-Control', 'no-store');
    res.json(WalletSessionInfoReplySchema.parse(await useCases.walletSessionInfo(wallet)));
  });

  router.get('/api/session/:sessionId', async (req, res) => {
    const wallet = signedInWallet(req, secret);
    res.setHeader('Cache-Control', 'no-store');
    res.json(PaymentSessionReplySchema.parse(await useCases.paymentSession(wallet, String(req.params.sessionId))));
  });

  router.delete('/api/session/:sessionId', async (req, res) => {
    const wallet = signedInWallet(req, secret);
    res.json(ClearSessionReplySchema.parse(await useCases.clearSession(wallet, String(req.params.sessionId))));
  });

  return router;
}
