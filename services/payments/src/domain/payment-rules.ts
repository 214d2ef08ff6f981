import type { ChainObservation } from './ports';
import { problem, type RefusalContext, type VerificationProblem } from './refusals';

export interface PaymentTerms extends RefusalContext {
  /** Lower-case addresses. */
  recipient: string;
  wallet: string;
  amountWei: bigint;
  minConfirmations: number;
  /** Epoch ms: the transaction must be mined at or after this (intent creation minus the clock skew). */
  notBeforeMs: number;
}

const formatShm = (wei: bigint) => {
  const whole = wei / 10n ** 18n;
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
};

/**
 * Checks one observation of a transaction against the terms of its payment intent. Returns null when
 * it pays, else the first problem: transient ones (not found, not yet confirmed, or an RPC answer that
 * is behind or inconsistent: a head below the receipt's block, transaction and receipt in different
 * blocks, a block without a timestamp) come back as retryable; anything the transaction itself gets
 * wrong is final.
 */
export function checkPayment(observation: ChainObservation, terms: PaymentTerms): VerificationProblem | null {
  const chainId = BigInt(terms.chainId);
  if (observation.rpcChainId !== chainId) return problem('WRONG_CHAIN', terms, ` (the network answered with chain ${observation.rpcChainId})`);
  const { tx, receipt } = observation;
  if (!tx) return problem('TX_NOT_FOUND', terms);
  // A transaction signed without a chain id (pre-EIP-155) could be replayed from any chain.
  if (tx.chainId !== chainId) return problem('WRONG_CHAIN', terms, tx.chainId ? ` (it was signed for chain ${tx.chainId})` : ' (it names no chain id)');
  if (tx.from.toLowerCase() !== terms.wallet) return problem('WRONG_SENDER', terms);
  if (tx.to?.toLowerCase() !== terms.recipient) return problem('WRONG_RECIPIENT', terms);
  if (tx.valueWei < terms.amountWei) return problem('AMOUNT_TOO_LOW', terms, formatShm(tx.valueWei));
  if (!receipt || tx.blockNumber === null) return problem('TX_PENDING', terms);
  if (receipt.status !== 1) return problem('TX_REVERTED', terms);
  // The transaction and its receipt read from different blocks: a reorg between the two reads, or RPC
  // nodes that disagree. Neither answer can be trusted until they agree, so wait and read again.
  if (tx.blockNumber !== receipt.blockNumber) return problem('TX_PENDING', terms);
  if (observation.latestBlock - receipt.blockNumber + 1 < terms.minConfirmations) return problem('TX_PENDING', terms);
  if (observation.blockTimestamp === null) return problem('TX_PENDING', terms);
  // Block timestamps are whole seconds: refuse only when the block's whole second lies before the window.
  if ((observation.blockTimestamp + 1) * 1000 <= terms.notBeforeMs) return problem('TX_BEFORE_INTENT', terms);
  return null;
}
