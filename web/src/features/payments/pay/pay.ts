import { PAYMENT_CONFIRMATIONS } from '../../../config/constants';
import { isApiError } from '../../../lib/api-client';
import { WALLET_ERROR, providerFailureMessage, sendTransaction, waitForConfirmations, walletErrorCode } from '../../../lib/wallet';
import { WalletFlowError, flowMessage, putOnNetwork } from '../../../lib/wallet/browser-connector';
import { PROVIDER_NOT_INITIALIZED, readBalance } from '../../../lib/wallet/read-balance';
import { initiatePayment, reportPaymentSubmitted, verifyPayment } from '../api/payment-api';
import { ensureSignedIn } from '../sign-in/ensure-signed-in';
import { paidFrom, writePaymentStatus } from '../status/payment-status';
import { NO_PAYMENT_STEP, isPaid, type PaymentDeps } from '../state/page';
import { TOASTS } from '../texts';
import { checkBalance } from '../utils/balance';

const REJECTED_PAYMENT_MESSAGE = 'Payment failed: the transaction was rejected in the wallet';

/** Spec §4: a verification answered 'not found' or 'being processed' is still going on; any other failure is final. */
export const isRetryableVerification = (message: string | null | undefined): boolean => !!message && /not found|being processed/i.test(message);

const fail = (deps: PaymentDeps, error: string) => deps.ui.set({ ...NO_PAYMENT_STEP, error });

/** Spec §4 "Balance read" for the connected wallet; a late answer for a wallet no longer connected is dropped. */
export async function refreshBalance(deps: PaymentDeps): Promise<void> {
  const address = deps.ui.get().walletAddress;
  if (!address || !deps.link.provider) return;
  deps.ui.set({ balanceLoading: true, balanceError: null });
  try {
    const wei = await readBalance(() => deps.link.provider, address, { network: deps.network() });
    if (deps.ui.get().walletAddress === address) deps.ui.set({ balanceLoading: false, balanceWei: wei, balanceError: null });
  } catch (error) {
    deps.ui.set({ balanceLoading: false, balanceError: error instanceof Error ? error.message : 'Failed to fetch wallet balance' });
  }
}

/**
 * Spec §4 "Payment flow": initiate a session, send 0.1 SHM from the wallet, wait for 1 confirmation
 * (receipt status 1, else 'Transaction failed'), report the hash (which queues its verification) and
 * keep it as the pending transaction. The outcome arrives on the wallet's status stream
 * (payment-provider.tsx), with the status query while the stream is down.
 */
export async function pay(deps: PaymentDeps): Promise<void> {
  const state = deps.ui.get();
  const provider = deps.link.provider;
  const address = state.walletAddress;
  if (state.step !== 'idle' || isPaid(deps)) return;
  if (!provider || !address || !state.walletConnected) return fail(deps, PROVIDER_NOT_INITIALIZED);
  deps.ui.set({ ...NO_PAYMENT_STEP, step: 'initiating', error: null });

  const intent = await ensureSignedIn(provider, address, true)
    .then(() => initiatePayment(address))
    .catch((error: unknown) => {
      fail(deps, flowMessage(error, (isApiError(error) && error.serverMessage) || 'Failed to initiate payment'));
      return undefined;
    });
  if (!intent) return;
  const amountWei = BigInt(intent.amountWei);
  const { balanceWei } = deps.ui.get();
  const shortfall = balanceWei === null ? null : checkBalance(balanceWei, amountWei, intent.amount).error;
  if (shortfall) return fail(deps, shortfall);
  const onNetwork = await putOnNetwork(provider, deps.network()).then(
    () => true,
    (error: unknown) => {
      fail(deps, flowMessage(error, 'Payment failed'));
      return false;
    },
  );
  if (!onNetwork) return;

  deps.ui.set({ step: 'sending', error: null });
  const hash = await sendTransaction(provider, { from: address, to: intent.recipient, valueWei: amountWei }).catch((error: unknown) => {
    fail(deps, walletErrorCode(error) === WALLET_ERROR.USER_REJECTED ? REJECTED_PAYMENT_MESSAGE : (providerFailureMessage(error) ?? 'Payment failed'));
  });
  if (!hash) return;
  const session = { isPaid: false, transactionHash: hash, walletAddress: address, timestamp: Date.now() };
  deps.storage.writeSession({ ...session, status: 'pending_backend_save' });
  deps.storage.writeSessionId(intent.sessionId);
  deps.ui.set({ step: 'confirming', pendingHash: hash, error: null });

  try {
    const receipt = await waitForConfirmations(provider, hash, { confirmations: PAYMENT_CONFIRMATIONS });
    if (receipt.status !== 1) throw new WalletFlowError('Transaction failed');
  } catch (error) {
    if (error instanceof WalletFlowError) {
      deps.storage.clearSession();
      return fail(deps, error.message);
    }
    // No receipt in time (or the RPC failed): the payments service still verifies the hash.
  }
  // Spec §7: a failed report is only logged; verification goes on.
  await reportPaymentSubmitted(address, hash, intent.sessionId).catch((error: unknown) => console.warn('Reporting the payment transaction failed; verification continues', error));
  if (isPaid(deps)) return;
  deps.storage.writeSession({ ...session, status: 'pending' });
  deps.storage.writePending({ transactionHash: hash, wallet: address });
  deps.ui.set({ ...NO_PAYMENT_STEP, step: 'pending', pendingHash: hash, error: null });
  void refreshBalance(deps);
}

/**
 * Verify Payment (the pending notice's button): POST /api/verify-payment for `hash`, which checks it
 * again if its checks had ended. A success goes into the payment-status query; 'not found' / 'being
 * processed' stay pending with the reason (the stream tells the outcome); any other refusal clears the
 * session and the pending transaction; a network error keeps the notice (spec §4, §8).
 */
export async function verifyTransaction(deps: PaymentDeps, hash: string | null): Promise<void> {
  const state = deps.ui.get();
  const address = state.walletAddress;
  if (isPaid(deps) || !address || !hash || state.step === 'verifying') return;
  deps.timers.cancel('verify');
  deps.ui.set({ step: 'verifying', pendingHash: hash, error: null });

  const reply = await verifyPayment(hash, address).catch(() => null);
  if (!reply) {
    if (isPaid(deps)) return;
    deps.notify(TOASTS.verificationError);
    return deps.ui.set({ step: 'pending', pendingHash: hash, error: 'Failed to verify pending transaction' });
  }
  if (reply.success) return void writePaymentStatus(deps.queryClient, deps.storage, address, paidFrom(reply, 'payment'));
  if (isPaid(deps)) return;
  const message = reply.error ?? 'Payment verification failed';
  if (isRetryableVerification(message)) return deps.ui.set({ step: 'pending', pendingHash: hash, verifyNote: message, error: null });
  deps.notify(TOASTS.verificationFailed);
  deps.storage.clearSession();
  fail(deps, message);
}

/** 'Start New Payment': forget the pending transaction and offer Pay again. */
export function startNewPayment(deps: PaymentDeps): void {
  deps.timers.cancel('verify');
  deps.storage.clearSession();
  deps.ui.set({ ...NO_PAYMENT_STEP, error: null });
}
