import {
  InitiatePaymentReplySchema,
  PaymentSubmittedReplySchema,
  PaymentSubmittedRequestSchema,
  RegisterWalletReplySchema,
  VerifyPaymentReplySchema,
  VerifyPaymentRequestSchema,
  WalletConnectConfigReplySchema,
  WalletRequestSchema,
} from '../http/payments';
import { ErrorReplySchema } from '../errors';
import { PAYMENT_SESSION_ENDPOINTS } from './payment-sessions';
import { AT, EXPIRES, RECIPIENT, SESSION, SIGNED_IN, TX, WALLET, noSession, otherWallet, sessionNotFound, unauthorized, unavailable } from './payments-shared';
import { validationError, type EndpointDefinition } from './types';

export const PAYMENTS_ENDPOINTS: EndpointDefinition[] = [
  {
    category: 'Payments',
    method: 'GET',
    path: '/api/walletconnect-config',
    title: 'Wallet and payment configuration',
    description:
      'The WalletConnect project id, the network definition for `wallet_addEthereumChain` (chain id 8118, SHM, 18 decimals), the dApp metadata, and what a payment must be: recipient, amount (0.1 SHM) and the explorer base for transaction links.',
    service: 'payments',
    responses: [
      {
        status: 200,
        description: 'The configuration',
        schema: WalletConnectConfigReplySchema,
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
  {
    category: 'Payments',
    method: 'POST',
    path: '/api/wallet/register',
    title: 'Register the signed-in wallet',
    description:
      'Records the wallet and tells whether it already has access (isPaid) and which reported transactions are still being verified.',
    service: 'payments',
    authentication: SIGNED_IN,
    body: WalletRequestSchema,
    bodyExample: { walletAddress: WALLET },
    responses: [
      {
        status: 200,
        description: 'The wallet’s payment state',
        schema: RegisterWalletReplySchema,
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
  {
    category: 'Payments',
    method: 'POST',
    path: '/api/payment/initiate',
    title: 'Start a payment session',
    description:
      'Creates a payment intent for the signed-in wallet. Only a transaction mined after `createdAt`, from this wallet, to `recipient`, of at least `amountWei`, on chain 8118 can pay for it.',
    service: 'payments',
    authentication: SIGNED_IN,
    body: WalletRequestSchema,
    bodyExample: { walletAddress: WALLET },
    responses: [
      {
        status: 200,
        description: 'The new payment session',
        schema: InitiatePaymentReplySchema,
        example: { success: true, sessionId: SESSION, recipient: RECIPIENT, amount: '0.1', amountWei: '100000000000000000', chainId: 8118, createdAt: AT },
      },
      validationError,
      unauthorized,
      otherWallet,
      unavailable,
    ],
  },
  {
    category: 'Payments',
    method: 'POST',
    path: '/api/payment/submitted',
    title: 'Report the payment transaction',
    description:
      'Ties the transaction hash to the payment session and starts its verification in the background (the `payment-verification` queue); the outcome arrives on GET /api/payment/events and from POST /api/verify-payment.',
    service: 'payments',
    authentication: SIGNED_IN,
    body: PaymentSubmittedRequestSchema,
    bodyExample: { walletAddress: WALLET, transactionHash: TX, sessionId: SESSION },
    responses: [
      {
        status: 200,
        description: 'Verification started',
        schema: PaymentSubmittedReplySchema,
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
  {
    category: 'Payments',
    method: 'POST',
    path: '/api/verify-payment',
    title: 'Verify a payment',
    description:
      'Verifies the transaction on chain (chain id 8118, receipt status 1, at least 1 confirmation, sent to the recipient from the signed-in wallet, at least 0.1 SHM, mined after the session started, never used before) and waits up to about 8 s for the outcome. A refusal is a 200 with `success: false`, a `reason` code and an `error` message; `canRetry` is true only for “not found” and “being processed”, which the worker keeps retrying. On success the wallet has access for 24 hours.',
    service: 'payments',
    authentication: SIGNED_IN,
    body: VerifyPaymentRequestSchema,
    bodyExample: { transactionHash: TX, walletAddress: WALLET },
    responses: [
      {
        status: 200,
        description: 'Verified, refused, or still being processed',
        schema: VerifyPaymentReplySchema,
        example: { success: true, status: 'confirmed', sessionId: SESSION, transactionHash: TX, expiresAt: EXPIRES, hoursRemaining: 24, canRetry: false },
      },
      validationError,
      unauthorized,
      otherWallet,
      unavailable,
    ],
  },
  ...PAYMENT_SESSION_ENDPOINTS,
];
