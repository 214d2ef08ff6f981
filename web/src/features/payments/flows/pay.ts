import { AUTO_VERIFY_AFTER_PAYMENT_MS, PAYMENT_CONFIRMATIONS, VERIFY_RETRY_MS } from '../../../config/constants';
import { isApiError } from '../../../lib/api-client';
import { WALLET_ERROR, providerFailureMessage, sendTransaction, waitForConfirmations, walletErrorCode } from '../../../lib/wallet';
import { initiatePayment, reportPaymentSubmitted, verifyPayment } from '../api/payment-calls';
import { checkBalance } from '../utils/balance';
import { clearPaymentSession, writePaymentSession, writePendingTransaction, writeServerSessionId } from '../utils/payment-storage';
import { MAX_AUTO_VERIFY_RETRIES, isRetryableVerification } from '../utils/verification';
import { WalletFlowError, flowMessage, putOnNetwork } from '../wallet/browser-connector';
import { PROVIDER_NOT_INITIALIZED } from '../wallet/read-balance';
import { refreshBalance } from './balance';
import { ensureSignedIn } from './connect';
import type { FlowDeps } from './deps';
import { markPaid } from './session';
import { TOASTS } from './texts';

export const REJECTED_PAYMENT_MESSAGE = 'Payment failed: the transaction was rejected in the wallet';

const fail = (deps: FlowDeps, error: string) => deps.store.dispatch({ type: 'pay/failed', error });
const paidMeanwhile = (deps: FlowDeps) => deps.store.getState().isPaid;

/**
 * Spec §4 "Payment flow": initiate a session, send 0.1 SHM from the wallet, wait for 1 confirmation
 * (receipt status 1, else 'Transaction failed'), report the hash, keep it as the pending transaction,
 * and verify it automatically after 5 s. The event stream may confirm it sooner; then this stops.
 */
export async function pay(deps: FlowDeps): Promise<void> {
  const state = deps.store.getState();
  const provider = deps.provider.current;
  const address = state.walletAddress;
  if (state.step !== 'idle' || state.isPaid) return;
  if (!provider || !address || !state.walletConnected) return fail(deps, PROVIDER_NOT_INITIALIZED);
  deps.store.dispatch({ type: 'pay/step', step: 'initiating', hash: null, note: null });

  let intent;
  try {
    await ensureSignedIn(provider, address, true);
    intent = await initiatePayment(address);
  } catch (error) {
    return fail(deps, flowMessage(error, (isApiError(error) && error.serverMessage) || 'Failed to initiate payment'));
  }
  const amountWei = BigInt(intent.amountWei);
  const { balanceWei } = deps.store.getState();
  if (balanceWei !== null) {
    const check = checkBalance(balanceWei, amountWei, intent.amount);
    if (!check.sufficient) return fail(deps, check.error!);
  }
  try {
    await putOnNetwork(provider, deps.network());
  } catch (error) {
    return fail(deps, flowMessage(error, 'Payment failed'));
  }

  deps.store.dispatch({ type: 'pay/step', step: 'sending' });
  let hash: string;
  try {
    hash = await sendTransaction(provider, { from: address, to: intent.recipient, valueWei: amountWei });
  } catch (error) {
    if (walletErrorCode(error) === WALLET_ERROR.USER_REJECTED) return fail(deps, REJECTED_PAYMENT_MESSAGE);
    return fail(deps, providerFailureMessage(error) ?? 'Payment failed');
  }
  const session = { isPaid: false, transactionHash: hash, walletAddress: address, timestamp: deps.now() };
  writePaymentSession(deps.storage, { ...session, status: 'pending_backend_save' });
  writeServerSessionId(deps.storage, intent.sessionId);
  deps.store.dispatch({ type: 'pay/step', step: 'confirming', hash });

  try {
    const receipt = await waitForConfirmations(provider, hash, { confirmations: PAYMENT_CONFIRMATIONS });
    if (receipt.status !== 1) throw new WalletFlowError('Transaction failed');
  } catch (error) {
    if (error instanceof WalletFlowError) {
      clearPaymentSession(deps.storage);
      return fail(deps, error.message);
    }
    // No receipt in time (or the RPC failed): the payments service still verifies the hash.
  }
  if (paidMeanwhile(deps)) return;

  await reportPaymentSubmitted(address, hash, intent.sessionId).catch((error: unknown) => {
    console.warn('Reporting the payment transaction failed; verification continues', error); // spec §7: only logged
  });
  if (paidMeanwhile(deps)) return;
  writePaymentSession(deps.storage, { ...session, status: 'pending' });
  writePendingTransaction(deps.storage, { transactionHash: hash, wallet: address });
  deps.store.dispatch({ type: 'pay/step', step: 'pending', hash, note: null });
  void refreshBalance(deps);
  deps.verifyRetries.current = 0;
  deps.timers.schedule('verify', AUTO_VERIFY_AFTER_PAYMENT_MS, () => void verifyTransaction(deps, hash));
}

/**
 * POST /api/verify-payment for `hash`. 'not found' / 'being processed' → again in 10 s; any other
 * refusal clears the session and the pending transaction; a network error keeps the notice so the
 * visitor can verify by hand (spec §4, §8).
 */
export async function verifyTransaction(deps: FlowDeps, hash: string): Promise<void> {
  const state = deps.store.getState();
  const address = state.walletAddress;
  if (state.isPaid || !address || state.step === 'verifying') return;
  deps.timers.cancel('verify');
  deps.store.dispatch({ type: 'pay/step', step: 'verifying', hash });

  let reply;
  try {
    reply = await verifyPayment(hash, address);
  } catch {
    if (paidMeanwhile(deps)) return;
    deps.notify(TOASTS.verificationError);
    deps.store.dispatch({ type: 'pay/step', step: 'pending', hash });
    deps.store.dispatch({ type: 'error', error: 'Failed to verify pending transaction' });
    return;
  }
  if (paidMeanwhile(deps)) return;
  if (reply.success) {
    const expiresAt = reply.expiresAt ? Date.parse(reply.expiresAt) : null;
    return markPaid(deps, { walletAddress: address, transactionHash: reply.transactionHash, expiresAt, sessionId: reply.sessionId ?? null }, { justPaid: true });
  }
  const message = reply.error ?? 'Payment verification failed';
  if (isRetryableVerification(message)) {
    deps.store.dispatch({ type: 'pay/step', step: 'pending', hash, note: message });
    if (deps.verifyRetries.current < MAX_AUTO_VERIFY_RETRIES) {
      deps.verifyRetries.current += 1;
      deps.timers.schedule('verify', VERIFY_RETRY_MS, () => void verifyTransaction(deps, hash));
    }
    return;
  }
  deps.verifyRetries.current = 0;
  deps.notify(TOASTS.verificationFailed);
  clearPaymentSession(deps.storage);
  fail(deps, message);
}

/** 'Start New Payment': forget the pending transaction and offer Pay again. */
export function startNewPayment(deps: FlowDeps): void {
  deps.timers.cancel('verify');
  deps.verifyRetries.current = 0;
  clearPaymentSession(deps.storage);
  deps.store.dispatch({ type: 'pay/step', step: 'idle', hash: null, note: null });
}
