import type { PaymentRefusalReason } from '@shm/contracts';

/** Reasons the worker keeps retrying (with backoff) instead of refusing at once. */
const TRANSIENT: ReadonlySet<PaymentRefusalReason> = new Set(['TX_NOT_FOUND', 'TX_PENDING', 'RPC_UNAVAILABLE']);

/**
 * Why a payment is not (yet) accepted. Transient problems carry messages with 'not found' or
 * 'being processed', the words spec §4 retries on; the others are final for that transaction.
 */
export class VerificationProblem extends Error {
  readonly retryable: boolean;
  constructor(
    readonly reason: PaymentRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'VerificationProblem';
    this.retryable = TRANSIENT.has(reason);
  }
}

export interface RefusalContext {
  chainId: number;
  amountShm: string;
  recipient: string;
}

/** The message for each reason, in the words the API returns. */
export function problem(reason: PaymentRefusalReason, ctx: RefusalContext, detail = ''): VerificationProblem {
  const messages: Record<PaymentRefusalReason, string> = {
    TX_NOT_FOUND: `Transaction not found on chain ${ctx.chainId} yet; it is checked again automatically`,
    TX_PENDING: `Transaction is being processed: waiting for its confirmation on chain ${ctx.chainId}`,
    RPC_UNAVAILABLE: 'Payment is being processed: the network cannot be reached right now, retrying',
    WRONG_CHAIN: `Transaction is not on chain ${ctx.chainId}${detail}`,
    TX_REVERTED: 'Transaction failed on chain (reverted); no payment was made',
    WRONG_RECIPIENT: `Transaction was not sent to the payment address ${ctx.recipient}`,
    AMOUNT_TOO_LOW: `Transaction sent ${detail} SHM; the payment is ${ctx.amountShm} SHM`,
    WRONG_SENDER: 'Transaction was sent from another wallet than the signed-in one',
    TX_BEFORE_INTENT: 'Transaction was mined before this payment session started; start a new payment',
    TX_ALREADY_USED: 'Transaction has already been used for a payment',
    NO_PAYMENT_SESSION: 'No payment session for this wallet; start a new payment',
  };
  return new VerificationProblem(reason, messages[reason]);
}

/**
 * A transient problem after the last attempt: nothing retries on its own any more, so the words say
 * so; the caller may still retry (verify-payment or check-payment-status queue it again). The spec's
 * retry words ('not found', 'being processed') stay, so the page keeps verifying by itself.
 */
export function exhausted(problem: VerificationProblem, ctx: RefusalContext): VerificationProblem {
  const messages: Partial<Record<PaymentRefusalReason, string>> = {
    TX_NOT_FOUND: `Transaction not found on chain ${ctx.chainId}; verify again to check once more`,
    TX_PENDING: `Transaction is being processed: not confirmed on chain ${ctx.chainId} yet; verify again to check once more`,
    RPC_UNAVAILABLE: 'Payment is being processed: the network could not be reached for a while; verify again to check once more',
  };
  return new VerificationProblem(problem.reason, messages[problem.reason] ?? problem.message);
}
