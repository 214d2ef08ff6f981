import { Router } from 'express';
import { paymentContract } from '@shm/contracts';
import { assertSameWallet, parseWith, signedInWallet, mountRoute } from '@shm/platform';
import type { PaymentUseCases } from '../../domain/use-cases';

/** Spec §7 session calls: hours left for a wallet, one session, and clearing it. */
export function sessionRoutes(useCases: PaymentUseCases, secret: string): Router {
  const router = Router();

  mountRoute(router, paymentContract.sessionInfo, async (req, res) => {
    const wallet = signedInWallet(req, secret);
    const { address } = parseWith(paymentContract.sessionInfo.pathParams, req.params);
    assertSameWallet(address, wallet, 'address');
    res.setHeader('Cache-Control', 'no-store');
    res.json(paymentContract.sessionInfo.reply.parse(await useCases.walletSessionInfo(wallet)));
  });

  mountRoute(router, paymentContract.session, async (req, res) => {
    const wallet = signedInWallet(req, secret);
    res.setHeader('Cache-Control', 'no-store');
    res.json(paymentContract.session.reply.parse(await useCases.paymentSession(wallet, String(req.params.sessionId))));
  });

  mountRoute(router, paymentContract.clearSession, async (req, res) => {
    const wallet = signedInWallet(req, secret);
    res.json(paymentContract.clearSession.reply.parse(await useCases.clearSession(wallet, String(req.params.sessionId))));
  });

  return router;
}
