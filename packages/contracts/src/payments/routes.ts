import { defineRoutes, withSchemas } from '../route';
import {
  AddressParamSchema,
  CheckPaymentStatusReplySchema,
  ClearSessionReplySchema,
  InitiatePaymentReplySchema,
  PaymentSessionReplySchema,
  PaymentStatusSchema,
  PaymentSubmittedReplySchema,
  PaymentSubmittedRequestSchema,
  RegisterWalletReplySchema,
  SessionParamSchema,
  VerifyPaymentReplySchema,
  VerifyPaymentRequestSchema,
  WalletConnectConfigReplySchema,
  WalletRequestSchema,
  WalletSessionInfoReplySchema,
} from './schemas';

/**
 * The payment calls. Those that write a session, queue a chain check or read the chain count
 * against the per-wallet payment limit. verify-payment waits for the verification worker by design
 * (no work meanwhile) and the status stream has a cap of its own, so neither is shed under load.
 */
export const paymentRoutes = defineRoutes({
  walletConnectConfig: { method: 'GET', path: '/api/walletconnect-config', service: 'payments', auth: 'none' },
  registerWallet: { method: 'POST', path: '/api/wallet/register', service: 'payments', auth: 'wallet', rateLimit: 'payment' },
  initiate: { method: 'POST', path: '/api/payment/initiate', service: 'payments', auth: 'wallet', rateLimit: 'payment' },
  submitted: { method: 'POST', path: '/api/payment/submitted', service: 'payments', auth: 'wallet', rateLimit: 'payment' },
  verify: { method: 'POST', path: '/api/verify-payment', service: 'payments', auth: 'wallet', rateLimit: 'payment', unshed: true },
  sessionInfo: { method: 'GET', path: '/api/wallet/:address/session-info', service: 'payments', auth: 'wallet' },
  session: { method: 'GET', path: '/api/session/:sessionId', service: 'payments', auth: 'wallet' },
  clearSession: { method: 'DELETE', path: '/api/session/:sessionId', service: 'payments', auth: 'wallet' },
  checkStatus: { method: 'POST', path: '/api/check-payment-status/:address', service: 'payments', auth: 'wallet', rateLimit: 'payment' },
  events: { method: 'GET', path: '/api/payment/events', service: 'payments', auth: 'wallet', stream: true, unshed: true },
});

const walletErrors = [400, 401, 403, 503];
const sessionErrors = [401, 404, 503];

export const paymentContract = /* @__PURE__ */ withSchemas(paymentRoutes, {
  walletConnectConfig: { cache: 'public, max-age=300', reply: WalletConnectConfigReplySchema, errors: [] },
  registerWallet: { body: WalletRequestSchema, reply: RegisterWalletReplySchema, errors: walletErrors },
  initiate: { body: WalletRequestSchema, reply: InitiatePaymentReplySchema, errors: walletErrors },
  submitted: { body: PaymentSubmittedRequestSchema, reply: PaymentSubmittedReplySchema, errors: [400, 401, 403, 404, 409, 503] },
  verify: { body: VerifyPaymentRequestSchema, reply: VerifyPaymentReplySchema, errors: walletErrors },
  sessionInfo: { cache: 'no-store', pathParams: AddressParamSchema, reply: WalletSessionInfoReplySchema, errors: walletErrors },
  session: { cache: 'no-store', pathParams: SessionParamSchema, reply: PaymentSessionReplySchema, errors: sessionErrors },
  clearSession: { pathParams: SessionParamSchema, reply: ClearSessionReplySchema, errors: sessionErrors },
  checkStatus: { pathParams: AddressParamSchema, reply: CheckPaymentStatusReplySchema, errors: walletErrors },
  events: { reply: PaymentStatusSchema, errors: [401, 429] },
});
