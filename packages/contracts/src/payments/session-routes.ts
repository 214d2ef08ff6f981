import { validationError, type RouteDocs } from '../docs-types';
import { ErrorReplySchema } from '../errors';
import { defineRoutes } from '../route';
import { AT, EXPIRES, SESSION, SIGNED_IN, TX, WALLET, otherWallet, sessionInfo, sessionNotFound, unauthorized, unavailable } from './examples';
import {
  AddressParamSchema,
  CheckPaymentStatusReplySchema,
  ClearSessionReplySchema,
  PaymentSessionReplySchema,
  PaymentStatusSchema,
  SessionParamSchema,
  WalletSessionInfoReplySchema,
} from './schemas';

const walletErrors = [400, 401, 403, 503];
const sessionErrors = [401, 404, 503];

/** Access time, one session, clearing it, the status check and the status stream (part of paymentContract). */
export const paymentSessionContract = defineRoutes({
  sessionInfo: {
    method: 'GET', path: '/api/wallet/:address/session-info', service: 'payments', auth: 'wallet',
    cache: 'no-store', pathParams: AddressParamSchema, reply: WalletSessionInfoReplySchema, errors: walletErrors,
  },
  session: {
    method: 'GET', path: '/api/session/:sessionId', service: 'payments', auth: 'wallet',
    cache: 'no-store', pathParams: SessionParamSchema, reply: PaymentSessionReplySchema, errors: sessionErrors,
  },
  clearSession: {
    method: 'DELETE', path: '/api/session/:sessionId', service: 'payments', auth: 'wallet',
    pathParams: SessionParamSchema, reply: ClearSessionReplySchema, errors: sessionErrors,
  },
  checkStatus: {
    method: 'POST', path: '/api/check-payment-status/:address', service: 'payments', auth: 'wallet', rateLimit: 'payment',
    pathParams: AddressParamSchema, reply: CheckPaymentStatusReplySchema, errors: walletErrors,
  },
  events: { method: 'GET', path: '/api/payment/events', service: 'payments', auth: 'wallet', stream: true, unshed: true, reply: PaymentStatusSchema, errors: [401, 429] },
});

/** Each route's docs (the docs page and OpenAPI); a function, so the web's bundle leaves the text out. */
export const paymentSessionDocs = (): RouteDocs<typeof paymentSessionContract> => ({
  sessionInfo: {
    category: 'Payments',
    title: 'Access time left for a wallet',
    description: 'Hours of access left for the signed-in wallet (the page polls this every 60 s).',
    authentication: SIGNED_IN,
    responses: [
      { status: 200, description: 'The session info', example: { success: true, sessionInfo } },
      validationError,
      unauthorized,
      otherWallet,
      unavailable,
    ],
  },
  session: {
    category: 'Payments',
    title: 'A payment session',
    description: 'Whether the payment session grants access now, and for how long. A 404 means the session is unknown (the page then clears its stored session).',
    authentication: SIGNED_IN,
    responses: [
      { status: 200, description: 'The session', example: { success: true, isValid: true, status: 'confirmed', sessionInfo } },
      unauthorized,
      sessionNotFound,
      unavailable,
    ],
  },
  clearSession: {
    category: 'Payments',
    title: 'Clear the payment session',
    description: 'Ends the wallet’s access now (every grant it holds); payment is required again.',
    authentication: SIGNED_IN,
    responses: [
      { status: 200, description: 'Cleared', example: { success: true, cleared: true } },
      unauthorized,
      sessionNotFound,
      unavailable,
    ],
  },
  checkStatus: {
    category: 'Payments',
    title: 'Check a wallet’s payment status',
    description:
      'The signed-in wallet’s payment status now; a reported transaction whose verification is no longer queued is queued again.',
    authentication: SIGNED_IN,
    bodyExample: {},
    responses: [
      {
        status: 200,
        description: 'The status',
        example: {
          success: true,
          status: 'confirmed',
          isPaid: true,
          wallet: WALLET,
          sessionId: SESSION,
          transactionHash: TX,
          expiresAt: EXPIRES,
          hoursRemaining: 23.9986,
          at: AT,
          pendingTransactions: [],
        },
      },
      validationError,
      unauthorized,
      otherWallet,
      unavailable,
    ],
  },
  events: {
    category: 'Payments',
    title: 'Payment status stream (server-sent events)',
    description:
      'A `text/event-stream` of the signed-in wallet’s payment status: first the current status, then one `payment-status` event (data: the JSON below) at every change (verifying, confirmed, failed, none after clearing). Comment lines keep the stream alive every 10 s. Use EventSource with `withCredentials`.',
    authentication: SIGNED_IN,
    responses: [
      {
        status: 200,
        description: 'event: payment-status, data: a PaymentStatus as JSON',
        example: {
          status: 'confirmed',
          isPaid: true,
          wallet: WALLET,
          sessionId: SESSION,
          transactionHash: TX,
          expiresAt: EXPIRES,
          hoursRemaining: 24,
          at: AT,
        },
      },
      unauthorized,
      {
        status: 429,
        description: 'The wallet already has 5 streams open, or the server its maximum; `Retry-After` says when to try again',
        schema: ErrorReplySchema,
        example: { error: { code: 'RATE_LIMITED', message: 'At most 5 event streams may be open at once; close one and try again', requestId: '5f0c…' } },
      },
    ],
  },
});
