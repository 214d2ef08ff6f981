import { validationError, type RouteDocs } from '../docs-types';
import { ErrorReplySchema } from '../errors';
import { defineRoutes } from '../route';
import { AT, EXPIRES, RECIPIENT, SESSION, SIGNED_IN, TX, WALLET, noSession, otherWallet, sessionNotFound, unauthorized, unavailable } from './examples';
import {
  InitiatePaymentReplySchema,
  PaymentSubmittedReplySchema,
  PaymentSubmittedRequestSchema,
  RegisterWalletReplySchema,
  VerifyPaymentReplySchema,
  VerifyPaymentRequestSchema,
  WalletConnectConfigReplySchema,
  WalletRequestSchema,
} from './schemas';
import { paymentSessionContract, paymentSessionDocs } from './session-routes';

const walletErrors = [400, 401, 403, 503];

/**
 * The payment calls. Those that write a session, queue a chain check or read the chain count
 * against the per-wallet payment limit. verify-payment waits for the verification worker by design
 * (no work meanwhile) and the status stream has a cap of its own, so neither is shed under load.
 */
export const paymentContract = defineRoutes({
  walletConnectConfig: {
    method: 'GET', path: '/api/walletconnect-config', service: 'payments', auth: 'none',
    cache: 'public, max-age=300', reply: WalletConnectConfigReplySchema, errors: [],
  },
  registerWallet: {
    method: 'POST', path: '/api/wallet/register', service: 'payments', auth: 'wallet', rateLimit: 'payment',
    body: WalletRequestSchema, reply: RegisterWalletReplySchema, errors: walletErrors,
  },
  initiate: {
    method: 'POST', path: '/api/payment/initiate', service: 'payments', auth: 'wallet', rateLimit: 'payment',
    body: WalletRequestSchema, reply: InitiatePaymentReplySchema, errors: walletErrors,
  },
  submitted: {
    method: 'POST', path: '/api/payment/submitted', service: 'payments', auth: 'wallet', rateLimit: 'payment',
    body: PaymentSubmittedRequestSchema, reply: PaymentSubmittedReplySchema, errors: [400, 401, 403, 404, 409, 503],
  },
  verify: {
    method: 'POST', path: '/api/verify-payment', service: 'payments', auth: 'wallet', rateLimit: 'payment', unshed: true,
    body: VerifyPaymentRequestSchema, reply: VerifyPaymentReplySchema, errors: walletErrors,
  },
  ...paymentSessionContract,
});

/** Each route's docs (the docs page and OpenAPI); a function, so the web's bundle leaves the text out. */
export const paymentDocs = (): RouteDocs<typeof paymentContract> => ({
  walletConnectConfig: {
    category: 'Payments',
    title: 'Wallet and payment configuration',
    description:
      'The WalletConnect project id, the network definition for `wallet_addEthereumChain` (chain id 8118, SHM, 18 decimals), the dApp metadata, and what a payment must be: recipient, amount (0.1 SHM) and the explorer base for transaction links.',
    responses: [
      {
        status: 200,
        description: 'The configuration',
        example: {
          projectId: '',
          networks: [
            {
              chainId: '0x1fb6',
              chainName: 'Shardeum',
              nativeCurrency: { name: 'Shardeum', symbol: 'SHM', decimals: 18 },
              rpcUrls: ['https://api.shardeum.org'],
              blockExplorerUrls: ['https://explorer.shardeum.org'],
            },
          ],
          metadata: {
            name: 'Shardeum Validator Node Calculator',
            description: 'Estimate rewards, yields and break-even for running a Shardeum (SHM) validator node.',
            url: 'http://localhost:8080',
            icons: [],
          },
          payment: { recipient: RECIPIENT, amount: '0.1', amountWei: '100000000000000000', chainId: 8118, explorerUrl: 'https://explorer.shardeum.org' },
        },
      },
    ],
  },
  registerWallet: {
    category: 'Payments',
    title: 'Register the signed-in wallet',
    description:
      'Records the wallet and tells whether it already has access (isPaid) and which reported transactions are still being verified.',
    authentication: SIGNED_IN,
    bodyExample: { walletAddress: WALLET },
    responses: [
      {
        status: 200,
        description: 'The wallet’s payment state',
        example: {
          success: true,
          walletAddress: WALLET,
          isPaid: false,
          hasPendingTransactions: true,
          pendingTransactions: [{ transactionHash: TX, sessionId: SESSION, status: 'verifying', submittedAt: AT }],
          sessionInfo: noSession,
        },
      },
      validationError,
      unauthorized,
      otherWallet,
      unavailable,
    ],
  },
  initiate: {
    category: 'Payments',
    title: 'Start a payment session',
    description:
      'Creates a payment intent for the signed-in wallet. Only a transaction mined after `createdAt`, from this wallet, to `recipient`, of at least `amountWei`, on chain 8118 can pay for it.',
    authentication: SIGNED_IN,
    bodyExample: { walletAddress: WALLET },
    responses: [
      {
        status: 200,
        description: 'The new payment session',
        example: { success: true, sessionId: SESSION, recipient: RECIPIENT, amount: '0.1', amountWei: '100000000000000000', chainId: 8118, createdAt: AT },
      },
      validationError,
      unauthorized,
      otherWallet,
      unavailable,
    ],
  },
  submitted: {
    category: 'Payments',
    title: 'Report the payment transaction',
    description:
      'Ties the transaction hash to the payment session and starts its verification in the background (the `payment-verification` queue); the outcome arrives on GET /api/payment/events and from POST /api/verify-payment.',
    authentication: SIGNED_IN,
    bodyExample: { walletAddress: WALLET, transactionHash: TX, sessionId: SESSION },
    responses: [
      {
        status: 200,
        description: 'Verification started',
        example: { success: true, sessionId: SESSION, transactionHash: TX, status: 'verifying' },
      },
      validationError,
      unauthorized,
      otherWallet,
      sessionNotFound,
      {
        status: 409,
        description: 'The session already has another transaction, or this transaction belongs to another session',
        schema: ErrorReplySchema,
        example: { error: { code: 'CONFLICT', message: 'This payment session already has another transaction', requestId: '5f0c…' } },
      },
      unavailable,
    ],
  },
  verify: {
    category: 'Payments',
    title: 'Verify a payment',
    description:
      'Verifies the transaction on chain (chain id 8118, receipt status 1, at least 1 confirmation, sent to the recipient from the signed-in wallet, at least 0.1 SHM, mined after the session started, never used before) and waits up to about 8 s for the outcome. A refusal is a 200 with `success: false`, a `reason` code and an `error` message; `canRetry` is true only for “not found” and “being processed”, which the worker keeps retrying. On success the wallet has access for 24 hours.',
    authentication: SIGNED_IN,
    bodyExample: { transactionHash: TX, walletAddress: WALLET },
    responses: [
      {
        status: 200,
        description: 'Verified, refused, or still being processed',
        example: { success: true, status: 'confirmed', sessionId: SESSION, transactionHash: TX, expiresAt: EXPIRES, hoursRemaining: 24, canRetry: false },
      },
      validationError,
      unauthorized,
      otherWallet,
      unavailable,
    ],
  },
  ...paymentSessionDocs(),
});
