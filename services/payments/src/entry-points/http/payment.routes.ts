import { Router } from 'express';
import { paymentContract } from '@shm/contracts';
import { assertSameWallet, parseWith, signedInWallet, mountRoute } from '@shm/platform';
import type { PaymentUseCases } from '../../domain/use-cases';

/** Spec §7 payment calls; each acts for the signed-in wallet only. */
export function paymentRoutes(useCases: PaymentUseCases, secret: string): Router {
  const router = Router();

  mountRoute(router, paymentContract.registerWallet, async (req, res) => {
    const wallet = signedInWallet(req, secret);
    const { walletAddress } = parseWith(paymentContract.registerWallet.body, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.json(paymentContract.registerWallet.reply.parse(await useCases.registerWallet(wallet)));
  });

  mountRoute(router, paymentContract.initiate, async (req, res) => {
    const wallet = signedInWallet(req, secret);
    const { walletAddress } = parseWith(paymentContract.initiate.body, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.json(paymentContract.initiate.reply.parse(await useCases.initiatePayment(wallet)));
  });

  mountRoute(router, paymentContract.submitted, async (req, res) => {
    const wallet = signedInWallet(req, secret);
    const { walletAddress, ...input } = parseWith(paymentContract.submitted.body, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.json(paymentContract.submitted.reply.parse(await useCases.reportTransaction(wallet, input)));
  });

  mountRoute(router, paymentContract.verify, async (req, res) => {
    const wallet = signedInWallet(req, secret);
    const { walletAddress, transactionHash } = parseWith(paymentContract.verify.body, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.json(paymentContract.verify.reply.parse(await useCases.requestVerification(wallet, transactionHash)));
  });

  mountRoute(router, paymentContract.checkStatus, async (req, res) => {
    const wallet = signedInWallet(req, secret);
    const { address } = parseWith(paymentContract.checkStatus.pathParams, req.params);
    assertSameWallet(address, wallet, 'address');
    res.json(paymentContract.checkStatus.reply.parse(await useCases.checkPaymentStatus(wallet)));
  });

  return router;
}
