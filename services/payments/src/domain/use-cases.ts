import { checkPaymentStatus } from './check-payment-status';
import { clearSession } from './clear-session';
import type { PaymentsDomain } from './deps';
import { paymentSession, walletSessionInfo } from './get-session-info';
import { initiatePayment } from './initiate-payment';
import { paymentStatusOf } from './payment-status';
import { registerWallet } from './register-wallet';
import { reportTransaction } from './report-transaction';
import { requestVerification } from './request-verification';

/** The use cases the HTTP entry points call, bound to their dependencies. */
export function paymentUseCases(d: PaymentsDomain) {
  return {
    registerWallet: (wallet: string) => registerWallet(d, wallet),
    initiatePayment: (wallet: string) => initiatePayment(d, wallet),
    reportTransaction: (wallet: string, input: { sessionId: string; transactionHash: string }) => reportTransaction(d, wallet, input),
    requestVerification: (wallet: string, txHash: string) => requestVerification(d, wallet, txHash),
    walletSessionInfo: (wallet: string) => walletSessionInfo(d, wallet),
    paymentSession: (wallet: string, sessionId: string) => paymentSession(d, wallet, sessionId),
    clearSession: (wallet: string, sessionId: string) => clearSession(d, wallet, sessionId),
    checkPaymentStatus: (wallet: string) => checkPaymentStatus(d, wallet),
    paymentStatus: (wallet: string) => paymentStatusOf(d, wallet),
  };
}
export type PaymentUseCases = ReturnType<typeof paymentUseCases>;
