import { isApiError } from '../../../lib/api-client';
import { WALLET_UNSTABLE_MESSAGE, getChainId, getInjectedProvider, listAccounts } from '../../../lib/wallet';
import { CONNECTION_FAILED_MESSAGE, ConnectionCancelled, flowMessage, putOnNetwork, type WalletConnection } from '../../../lib/wallet/browser-connector';
import { switchNetworkMessage } from '../../../lib/wallet/network';
import { restoreWalletConnect } from '../../../lib/wallet/walletconnect-connector';
import { checkPaymentStatus, registerWallet, signOutWallet } from '../api/payment-api';
import { refreshBalance } from '../pay/pay';
import { ensureSignedIn } from '../sign-in/ensure-signed-in';
import { UNPAID, paidFrom, writePaymentStatus } from '../status/payment-status';
import { applyPageStatus } from '../status/pending-outcome';
import { NO_CONNECTION, NO_PAYMENT_STEP, isPaid, markUnpaid, type PaymentDeps } from '../state/page';
import { shouldAutoVerifyPending, type WalletType } from '../storage/payment-storage';
import { TOASTS } from '../texts';

/** The connection ends without Disconnect (accounts gone, Switch Wallet): paid status stays. */
export async function clearConnection(deps: PaymentDeps, { signOut }: { signOut: boolean }): Promise<void> {
  deps.link.release();
  deps.timers.cancel('verify');
  deps.storage.setWalletType(null);
  deps.ui.set({ ...NO_CONNECTION, ...NO_PAYMENT_STEP, walletAddress: isPaid(deps) ? deps.ui.get().walletAddress : null, error: null });
  if (signOut) await signOutWallet().catch(() => undefined);
}

/** Spec §4 "Disconnect": the wallet's account and chain changes, and it letting go. */
function follow(deps: PaymentDeps, { provider }: WalletConnection, type: WalletType): void {
  // Once is ordinary (a locked wallet); again within the window the link is flapping (spec §8).
  const dropped = () => deps.link.dropped() && deps.ui.set({ error: WALLET_UNSTABLE_MESSAGE });
  deps.link.hold(provider, type, {
    accountsChanged: (accounts) => {
      if (deps.ui.get().disconnecting) return; // spec §4: ignored while disconnecting
      const next: unknown = Array.isArray(accounts) && accounts[0];
      const current = deps.ui.get().walletAddress;
      if (typeof next !== 'string') {
        void clearConnection(deps, { signOut: false });
        return void dropped();
      }
      if (current && next.toLowerCase() !== current.toLowerCase()) {
        markUnpaid(deps); // the session belongs to the old account
        void clearConnection(deps, { signOut: true });
      }
    },
    chainChanged: (chainId) => onNetwork(deps, String(chainId).toLowerCase() === deps.network().chainId.toLowerCase()),
    // WalletConnect's 'disconnect' ends the session; a browser wallet's (it lost its chains) does not,
    // as the extension reconnects by itself: only repeats are reported.
    disconnect: () => {
      if (type === 'walletconnect') void clearConnection(deps, { signOut: false });
      dropped();
    },
  });
}

/** Network, sign-in, then the page's connection. A restore on load never prompts: false when it would have to. */
async function establish(deps: PaymentDeps, connection: WalletConnection, type: WalletType, interactive: boolean): Promise<boolean> {
  const { provider, address } = connection;
  const network = deps.network();
  const onNetwork = interactive ? putOnNetwork(provider, network).then(() => true) : getChainId(provider).then((id) => id === network.chainId.toLowerCase());
  const chainOk = await onNetwork.catch(() => false);
  if (!(await ensureSignedIn(provider, address, interactive))) return false;
  deps.storage.setWalletType(type);
  follow(deps, connection, type);
  const before = deps.ui.get().walletAddress;
  const same = before?.toLowerCase() === address.toLowerCase();
  // A paid session stored for another wallet is not this wallet's.
  if (before && !same) writePaymentStatus(deps.queryClient, deps.storage, before, UNPAID);
  const error = chainOk ? null : switchNetworkMessage(network);
  const paymentStep = same ? {} : { ...NO_PAYMENT_STEP, justPaid: false };
  deps.ui.set({ ...paymentStep, connection: 'connected', walletConnected: true, walletAddress: address, chainOk, error });
  return true;
}

/** Connect by a click (spec §4 "Wallet connect"): idle → connecting → connected | failed. */
export async function connectWallet(deps: PaymentDeps, connect: () => Promise<WalletConnection>, type: WalletType, celebrate: () => void): Promise<boolean> {
  if (deps.ui.get().connection === 'connecting') return false;
  deps.storage.setDisconnected(false);
  deps.ui.set({ connection: 'connecting', error: null });
  try {
    const connection = await connect();
    await establish(deps, connection, type, true);
    deps.notify(TOASTS.walletConnected(connection.address));
    celebrate();
    void afterConnect(deps);
    return true;
  } catch (error) {
    if (error instanceof ConnectionCancelled) {
      await clearConnection(deps, { signOut: false });
      return false;
    }
    deps.ui.set({ ...NO_CONNECTION, connection: 'failed', error: flowMessage(error, CONNECTION_FAILED_MESSAGE) });
    deps.notify(TOASTS.connectionFailed);
    return false;
  }
}

/** Page load: reconnect without prompts unless the visitor disconnected; only a browser that connected before asks the wallet at all (spec §4). */
export async function restoreConnection(deps: PaymentDeps): Promise<void> {
  try {
    const type = deps.storage.walletToRestore();
    const injected = type === 'browser' ? getInjectedProvider() : null;
    const address = injected && (await listAccounts(injected))[0];
    const connection = type === 'walletconnect' ? await restoreWalletConnect(await deps.loadConfig()) : injected && address ? { provider: injected, address } : null;
    if (connection && type && (await establish(deps, connection, type, false))) await afterConnect(deps);
  } catch {
    // Stays unconnected; the visitor connects by hand.
  }
}

/** Spec §4: after connecting, the balance, then the registration check (paid at once, or a pending transaction whose status is read). */
async function afterConnect(deps: PaymentDeps): Promise<void> {
  void refreshBalance(deps);
  const address = deps.ui.get().walletAddress;
  if (!address || deps.storage.isDisconnected()) return;
  deps.ui.set({ isChecking: true });
  try {
    const reply = await registerWallet(address);
    if (reply.isPaid) return void writePaymentStatus(deps.queryClient, deps.storage, address, paidFrom(reply.sessionInfo, 'existing'));
    if (isPaid(deps)) markUnpaid(deps); // the stored session is not the server's
    const stored = deps.storage.readPending();
    const hash = shouldAutoVerifyPending(stored, address) ? stored.transactionHash : reply.pendingTransactions[0]?.transactionHash;
    if (hash && deps.ui.get().step === 'idle') {
      deps.ui.set({ ...NO_PAYMENT_STEP, step: 'pending', pendingHash: hash, error: null });
      // Its status now (which also queues its check again if it was lost); the stream tells the rest.
      await checkPaymentStatus(address).then((status) => applyPageStatus(deps, status), () => undefined);
    }
  } catch (error) {
    // Spec §8: the server answered with an error → 'Failed to check payment status'; no usable answer
    // at all (network down, a reply not in the contract) → 'Payment check failed'.
    deps.ui.set({ error: isApiError(error) ? 'Failed to check payment status' : 'Payment check failed' });
  } finally {
    deps.ui.set({ isChecking: false });
  }
}

/** The wallet moved to the required network (its balance is read again) or off it (`error` says so). */
function onNetwork(deps: PaymentDeps, ok: boolean, error = switchNetworkMessage(deps.network())): void {
  deps.ui.set({ chainOk: ok, error: ok ? null : error });
  if (ok) void refreshBalance(deps);
}

/** The 'Switch Network' button: asks the wallet again to move to the required network (putOnNetwork's errors are the visitor's texts). */
export async function switchNetwork(deps: PaymentDeps): Promise<void> {
  const provider = deps.link.provider;
  if (provider) await putOnNetwork(provider, deps.network()).then(() => onNetwork(deps, true), (error: unknown) => onNetwork(deps, false, error instanceof Error ? error.message : String(error)));
}
