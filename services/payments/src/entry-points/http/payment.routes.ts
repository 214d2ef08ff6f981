import { Router } from 'express';
import {
  CheckPaymentStatusReplySchema,
  InitiatePaymentReplySchema,
  PaymentSubmittedReplySchema,
  PaymentSubmittedRequestSchema,
  RegisterWalletReplySchema,
  VerifyPaymentReplySchema,
  VerifyPaymentRequestSchema,
  WalletAddressSchema,
  WalletRequestSchema,
} from '@shm/contracts';
import { assertSameWallet, parseWith, signedInWallet } from '@shm/platform';
import { z } from 'zod';
import type { PaymentUseCases } from '../../domain/use-cases';

const AddressParamSchema = z.object({ address: WalletAddressSchema });

/** Spec §7 payment calls; each acts for the signed-in wallet only. */
export function paymentRoutes(useCases: PaymentUseCases, secret: string): Router {
  const router = Router();

  router.post('/api/wallet/register', async (req, res) => {
    const wallet = signedInWallet(req, secret);
    const { walletAddress } = parseWith(WalletRequestSchema, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.json(RegisterWalletReplySchema.parse(await useCases.registerWallet(wallet)));
  });

  router.post('/api/payment/initiate', async (req, res) => {
    const wallet = signedInWallet(req, secret);
    const { walletAddress } = parseWith(WalletRequestSchema, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.json(InitiatePaymentReplySchema.parse(await useCases.initiatePayment(wallet)));
  });

  router.post('/api/payment/submitted', async (req, res) => {
    const wallet = signedInWallet(req, secret);
    const { walletAddress, ...input } = parseWith(PaymentSubmittedRequestSchema, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.json(PaymentSubmittedReplySchema.parse(await useCases.reportTransaction(wallet, input)));
  });

  router.post('/api/verify-payment', async (req, res) => {
    const wallet = signedInWallet(req, secret);
    const { walletAddress, transactionHash } = parseWith(VerifyPaymentRequestSchema, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.json(VerifyPaymentReplySchema.parse(await useCases.requestVerification(wallet, transactionHash)));
  });

  router.post('/api/check-payment-status/:address', async (req, res) => {
    const wallet = signedInWallet(req, secret);
    const { address } = parseWith(AddressParamSchema, req.params);
    assertSameWallet(address, wallet, 'address');
    res.json(CheckPaymentStatusReplySchema.parse(await useCases.checkPaymentStatus(wallet)));
  });

  return router;
}
