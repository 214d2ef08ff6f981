import { z } from 'zod';
import { WalletAddressSchema } from '../common/schemas';

export const TransactionHashSchema = z
  .string({ error: 'Must be a transaction hash' })
  .regex(/^0x[0-9a-fA-F]{64}$/, { error: 'Must be a 0x-prefixed 64-hex-digit transaction hash' })
  .transform((h) => h.toLowerCase());

export const SessionIdSchema = z.uuid({ error: 'Must be a payment session id' });

/**
 * Why a verification did not (yet) succeed. `TX_NOT_FOUND`, `TX_PENDING` and `RPC_UNAVAILABLE` are
 * transient (the worker keeps retrying; their messages say 'not found' or 'being processed', which
 * spec §4 retries); every other reason is final for that transaction.
 */
export const PAYMENT_REFUSAL_REASONS = [
  'TX_NOT_FOUND',
  'TX_PENDING',
  'RPC_UNAVAILABLE',
  'WRONG_CHAIN',
  'TX_REVERTED',
  'WRONG_RECIPIENT',
  'AMOUNT_TOO_LOW',
  'WRONG_SENDER',
  'TX_BEFORE_INTENT',
  'TX_ALREADY_USED',
  'NO_PAYMENT_SESSION',
] as const;
export const PaymentRefusalReasonSchema = z.enum(PAYMENT_REFUSAL_REASONS);
export type PaymentRefusalReason = z.infer<typeof PaymentRefusalReasonSchema>;

/** Where a wallet's payment stands: nothing, a transaction under verification, access granted, or refused. */
export const PaymentStateSchema = z.enum(['none', 'verifying', 'confirmed', 'failed']);
export type PaymentState = z.infer<typeof PaymentStateSchema>;

const hours = z.number().min(0).describe('Hours of access left (fractional; 0 when none)');

export const SessionInfoSchema = z.object({
  isValid: z.boolean().describe('True while the session grants access'),
  hoursRemaining: hours,
  sessionId: z.string().optional(),
  expiresAt: z.iso.datetime().optional(),
  transactionHash: z.string().optional(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const PendingTransactionSchema = z.object({
  transactionHash: z.string(),
  sessionId: z.string(),
  status: z.enum(['submitted', 'verifying']),
  submittedAt: z.iso.datetime(),
});
export type PendingTransaction = z.infer<typeof PendingTransactionSchema>;

/**
 * A wallet's payment status: the reply of check-payment-status and the data of every
 * `payment-status` server-sent event.
 */
export const PaymentStatusSchema = z.object({
  status: PaymentStateSchema,
  isPaid: z.boolean(),
  wallet: z.string().describe('Lower-case address of the signed-in wallet'),
  sessionId: z.string().optional(),
  transactionHash: z.string().optional(),
  expiresAt: z.iso.datetime().optional(),
  hoursRemaining: hours,
  reason: PaymentRefusalReasonSchema.optional(),
  error: z.string().optional().describe('Why the verification is waiting or was refused'),
  canRetry: z.boolean().optional(),
  at: z.iso.datetime(),
});
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** The name of the server-sent event that carries a PaymentStatus on GET /api/payment/events. */
export const PAYMENT_STATUS_EVENT = 'payment-status';

export const WalletRequestSchema = z.object({ walletAddress: WalletAddressSchema.describe('Must be the signed-in wallet') });
export type WalletRequest = z.infer<typeof WalletRequestSchema>;

export const RegisterWalletReplySchema = z.object({
  success: z.literal(true),
  walletAddress: z.string(),
  isPaid: z.boolean(),
  hasPendingTransactions: z.boolean(),
  pendingTransactions: z.array(PendingTransactionSchema),
  sessionInfo: SessionInfoSchema,
});
export type RegisterWalletReply = z.infer<typeof RegisterWalletReplySchema>;

export const InitiatePaymentReplySchema = z.object({
  success: z.literal(true),
  sessionId: z.string(),
  recipient: z.string().describe('Send the payment to this address'),
  amount: z.string().describe('Amount in SHM, e.g. "0.1"'),
  amountWei: z.string().describe('Amount in wei (18 decimals), as a decimal string'),
  chainId: z.number().int(),
  createdAt: z.iso.datetime().describe('Only transactions mined after this count'),
});
export type InitiatePaymentReply = z.infer<typeof InitiatePaymentReplySchema>;

export const PaymentSubmittedRequestSchema = z.object({
  walletAddress: WalletAddressSchema.describe('Must be the signed-in wallet'),
  transactionHash: TransactionHashSchema,
  sessionId: SessionIdSchema.describe('From POST /api/payment/initiate'),
});
export type PaymentSubmittedRequest = z.input<typeof PaymentSubmittedRequestSchema>;

export const PaymentSubmittedReplySchema = z.object({
  success: z.literal(true),
  sessionId: z.string(),
  transactionHash: z.string(),
  status: PaymentStateSchema,
});
export type PaymentSubmittedReply = z.infer<typeof PaymentSubmittedReplySchema>;

export const VerifyPaymentRequestSchema = z.object({
  transactionHash: TransactionHashSchema,
  walletAddress: WalletAddressSchema.describe('Must be the signed-in wallet'),
});
export type VerifyPaymentRequest = z.input<typeof VerifyPaymentRequestSchema>;

/** Spec §7: success, sessionId, error, canRetry; refusals are a 200 with success false. */
export const VerifyPaymentReplySchema = z.object({
  success: z.boolean(),
  status: PaymentStateSchema,
  sessionId: z.string().optional(),
  transactionHash: z.string(),
  expiresAt: z.iso.datetime().optional(),
  hoursRemaining: hours,
  error: z.string().optional(),
  reason: PaymentRefusalReasonSchema.optional(),
  canRetry: z.boolean(),
});
export type VerifyPaymentReply = z.infer<typeof VerifyPaymentReplySchema>;

export const WalletSessionInfoReplySchema = z.object({ success: z.literal(true), sessionInfo: SessionInfoSchema });
export type WalletSessionInfoReply = z.infer<typeof WalletSessionInfoReplySchema>;

export const PaymentSessionReplySchema = z.object({
  success: z.literal(true),
  isValid: z.boolean(),
  status: PaymentStateSchema,
  sessionInfo: SessionInfoSchema,
});
export type PaymentSessionReply = z.infer<typeof PaymentSessionReplySchema>;

export const ClearSessionReplySchema = z.object({
  success: z.literal(true),
  cleared: z.boolean().describe('True when access was revoked by this call'),
});
export type ClearSessionReply = z.infer<typeof ClearSessionReplySchema>;

export const CheckPaymentStatusReplySchema = PaymentStatusSchema.extend({
  success: z.literal(true),
  pendingTransactions: z.array(PendingTransactionSchema),
});
export type CheckPaymentStatusReply = z.infer<typeof CheckPaymentStatusReplySchema>;

/** Spec §3 network definition, shaped for `wallet_addEthereumChain` (EIP-3085). */
export const NetworkDefinitionSchema = z.object({
  chainId: z.string().describe('Hex chain id, e.g. "0x1fb6" for 8118'),
  chainName: z.string(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  rpcUrls: z.array(z.string()),
  blockExplorerUrls: z.array(z.string()),
});
export type NetworkDefinition = z.infer<typeof NetworkDefinitionSchema>;

export const WalletConnectConfigReplySchema = z.object({
  projectId: z.string().describe('WalletConnect Cloud project id; empty when WalletConnect is not configured'),
  networks: z.array(NetworkDefinitionSchema),
  metadata: z.object({ name: z.string(), description: z.string(), url: z.string(), icons: z.array(z.string()) }),
  payment: z.object({
    recipient: z.string(),
    amount: z.string(),
    amountWei: z.string(),
    chainId: z.number().int(),
    explorerUrl: z.string().describe('Transaction link: `${explorerUrl}/tx/${hash}`'),
  }),
});
export type WalletConnectConfigReply = z.infer<typeof WalletConnectConfigReplySchema>;

// ── Path parameters ─────────────────────────────────────────────────────────

export const AddressParamSchema = z.object({ address: WalletAddressSchema.describe('The signed-in wallet') });
export const SessionParamSchema = z.object({ sessionId: z.string().describe('From POST /api/payment/initiate') });
