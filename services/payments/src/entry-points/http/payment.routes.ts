import { paymentContract } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';
import { checkPaymentStatus } from '../../domain/check-payment-status';
import type { PaymentsDomain } from '../../domain/deps';
import { initiatePayment } from '../../domain/initiate-payment';
import { registerWallet } from '../../domain/register-wallet';
import { reportTransaction } from '../../domain/report-transaction';
import { requestVerification } from '../../domain/request-verification';

/** Spec §7 payment calls; each acts for the signed-in wallet only. */
export const paymentRoutes = (domain: PaymentsDomain): RouteHandler[] => [
  handler(paymentContract.registerWallet, ({ wallet }) => registerWallet(domain, wallet)),
  handler(paymentContract.initiate, ({ wallet }) => initiatePayment(domain, wallet)),
  handler(paymentContract.submitted, ({ wallet, body: { walletAddress: _named, ...input } }) => reportTransaction(domain, wallet, input)),
  handler(paymentContract.verify, ({ wallet, body: { transactionHash } }) => requestVerification(domain, wallet, transactionHash)),
  handler(paymentContract.checkStatus, ({ wallet }) => checkPaymentStatus(domain, wallet)),
];
