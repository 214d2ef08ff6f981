import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentStatus } from '@shm/contracts';

/**
 * The payment feature's calls (payment-calls.ts). They and their reply schemas load with the first
 * call, so the first page (with its 150 kB budget) does not carry them; a visitor who never connects
 * a wallet only fetches the WalletConnect config through them.
 */
const calls = () => import('./payment-calls');
type Calls = Awaited<ReturnType<typeof calls>>;
/** `name` of payment-calls.ts, with the same signature, loading the module on its first call. */
const lazy = <K extends keyof Calls>(name: K): Calls[K] =>
  (async (...args: unknown[]) => ((await calls())[name] as (...a: unknown[]) => Promise<unknown>)(...args)) as Calls[K];

export const getSignInNonce = lazy('getSignInNonce');
export const signInWithSignature = lazy('signInWithSignature');
export const getWalletSession = lazy('getWalletSession');
export const signOutWallet = lazy('signOutWallet');
export const registerWallet = lazy('registerWallet');
export const initiatePayment = lazy('initiatePayment');
export const reportPaymentSubmitted = lazy('reportPaymentSubmitted');
export const verifyPayment = lazy('verifyPayment');
export const getWalletSessionInfo = lazy('getWalletSessionInfo');
export const getPaymentSession = lazy('getPaymentSession');
export const clearServerSession = lazy('clearServerSession');
export const checkPaymentStatus = lazy('checkPaymentStatus');

/** Spec §7: projectId, networks, metadata, and what a payment must be. Fetched once per page load. */
export const walletConnectConfigQueryOptions = () =>
  queryOptions({ queryKey: ['walletconnect-config'], queryFn: async ({ signal, meta }) => (await calls()).getWalletConnectConfig(signal, meta?.apiFetch) });
export const useWalletConnectConfig = () => useQuery(walletConnectConfigQueryOptions());

/** Follows the payment event stream (payment-calls.ts) once its code is in; the returned function stops it, loaded or not. */
export function subscribePaymentEvents(onStatus: (status: PaymentStatus) => void, onOpen?: (open: boolean) => void): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  void calls().then((loaded) => {
    if (!stopped) stop = loaded.subscribePaymentEvents(onStatus, onOpen);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
