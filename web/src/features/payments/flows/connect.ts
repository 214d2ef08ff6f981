import { AUTO_VERIFY_PENDING_MS } from '../../../config/constants';
import { isApiError } from '../../../lib/api-client';
import { getChainId, getInjectedProvider, listAccounts, signMessage, signingErrorMessage, type Eip1193Provider } from '../../../lib/wallet';
import { registerWallet } from '../api/payment-calls';
import { getSignInNonce, getWalletSession, signInWithWallet } from '../api/wallet-auth';
import type { WalletType } from '../state/payment-state';
import {
  WALLET_TYPE_KEY,
  clearPaymentSession,
  isWalletDisconnected,
  readPendingTransaction,
  setWalletDisconnected,
  shouldAutoVerifyPending,
  walletToRestore,
} from '../utils/payment-storage';
import { buildSignInMessage } from '../utils/siwe-message';
import { CONNECTION_FAILED_MESSAGE, ConnectionCancelled, WalletFlowError, flowMessage, putOnNetwork, type WalletConnection } from '../wallet/browser-connector';
import { switchNetworkMessage } from '../wallet/network';
import { restoreWalletConnect, type WalletConnectProvider } from '../wallet/walletconnect-connector';
import type { FlowDeps } from './deps';
import { refreshBalance } from './balance';
import { verifyTransaction } from './pay';
import { markPaid, markUnpaid, paidFromInfo } from './session';
import { TOASTS } from './texts';
import { attachListeners } from './wallet-events';

/**
 * Makes sure the gateway session (EIP-4361 sign-in, HttpOnly cookie) belongs to `address`; when it
 * does not and `interactive`, asks the wallet to sign a fresh message. False when not signed in.
 */
export async function ensureSignedIn(provider: Eip1193Provider, address: string, interactive: boolean): Promise<boolean> {
  const session = await getWalletSession().catch(() => null);
  if (session?.authenticated && session.address?.toLowerCase() === address.toLowerCase()) return true;
  if (!interactive) return false;
  const nonce = await getSignInNonce().catch(() => {
    throw new WalletFlowError(CONNECTION_FAILED_MESSAGE);
  });
  const message = buildSignInMessage(nonce, address);
  let signature: string;
  try {
    signature = await signMessage(provider, address, message);
  } catch (error) {
    throw new WalletFlowError(signingErrorMessage(error));
  }
  await signInWithWallet(message, signature).catch(() => {
    throw new WalletFlowError(CONNECTION_FAILED_MESSAGE);
  });
  return true;
}

/**
 * Network, sign-in, then the page's connection. Interactive (a click) may prompt the wallet; a
 * restore on page load never does, and gives up (false) when it would have to.
 */
async function establish(deps: FlowDeps, { provider, address }: WalletConnection, walletType: WalletType, interactive: boolean): Promise<boolean> {
  const network = deps.network();
  let chainOk = true;
  try {
    if (interactive) await putOnNetwork(provider, network);
    else chainOk = (await getChainId(provider)) === network.chainId.toLowerCase();
  } catch {
    chainOk = false;
  }
  if (!(await ensureSignedIn(provider, address, interactive))) return false;
  deps.provider.current = provider;
  deps.walletConnect.current = walletType === 'walletconnect' ? (provider as WalletConnectProvider) : null;
  try {
    deps.storage.setItem(WALLET_TYPE_KEY, walletType);
  } catch {
    // storage unavailable: the next visit starts unconnected
  }
  attachListeners(deps, provider, walletType);
  const before = deps.store.getState();
  // A paid session stored for another wallet is not this wallet's (the reducer drops it from the page too).
  if (before.isPaid && before.walletAddress?.toLowerCase() !== address.toLowerCase()) clearPaymentSession(deps.storage);
  deps.store.dispatch({ type: 'connect/success', address, walletType, chainOk });
  if (!chainOk) deps.store.dispatch({ type: 'chain', ok: false, error: switchNetworkMessage(network) });
  return true;
}

/** Connect by a click (spec §4 "Wallet connect"): idle → connecting → connected | failed. */
export async function connectWallet(deps: FlowDeps, connect: () => Promise<WalletConnection>, walletType: WalletType): Promise<boolean> {
  if (deps.store.getState().connection === 'connecting') return false;
  setWalletDisconnected(deps.storage, false);
  deps.store.dispatch({ type: 'connect/start' });
  try {
    const connection = await connect();
    await establish(deps, connection, walletType, true);
    deps.notify(TOASTS.walletConnected(connection.address));
    deps.celebrate();
    void afterConnect(deps);
    return true;
  } catch (error) {
    if (error instanceof ConnectionCancelled) {
      deps.store.dispatch({ type: 'connection/cleared' });
      return false;
    }
    deps.store.dispatch({ type: 'connect/failed', error: flowMessage(error, CONNECTION_FAILED_MESSAGE) });
    deps.notify(TOASTS.connectionFailed);
    return false;
  }
}

/**
 * Page load: reconnect without prompts unless the visitor disconnected (spec §4). Only a browser
 * that connected before (its wallet type is stored) asks the wallet at all.
 */
export async function restoreConnection(deps: FlowDeps): Promise<void> {
  try {
    const type = walletToRestore(deps.storage);
    if (!type) return;
    let connection: WalletConnection | null = null;
    if (type === 'walletconnect') {
      connection = await restoreWalletConnect(await deps.loadConfig());
    } else {
      const injected = getInjectedProvider();
      const accounts = injected ? await listAccounts(injected) : [];
      if (injected && accounts[0]) connection = { provider: injected, address: accounts[0] };
    }
    if (connection && (await establish(deps, connection, type, false))) await afterConnect(deps);
  } catch {
    // Stays unconnected; the visitor connects by hand.
  }
}

/** Spec §4: after connecting, the balance, then the registration check (paid at once, or a pending transaction to verify). */
export async function afterConnect(deps: FlowDeps): Promise<void> {
  void refreshBalance(deps);
  const address = deps.store.getState().walletAddress;
  if (!address || isWalletDisconnected(deps.storage)) return;
  deps.store.dispatch({ type: 'checking', value: true });
  try {
    const reply = await registerWallet(address);
    if (reply.isPaid) return markPaid(deps, paidFromInfo(address, reply.sessionInfo), { announceExisting: true });
    if (deps.store.getState().isPaid) markUnpaid(deps); // the stored session is not the server's
    const stored = readPendingTransaction(deps.storage);
    const hash = shouldAutoVerifyPending(stored, address) ? stored.transactionHash : reply.pendingTransactions[0]?.transactionHash;
    if (hash && deps.store.getState().step === 'idle') {
      deps.store.dispatch({ type: 'pay/step', step: 'pending', hash, note: null });
      deps.timers.schedule('verify', AUTO_VERIFY_PENDING_MS, () => void verifyTransaction(deps, hash));
    }
  } catch (error) {
    // Spec §8: the server answered with an error → 'Failed to check payment status'; no usable answer
    // at all (network down, a reply not in the contract) → 'Payment check failed'. Either way checking stops.
    deps.store.dispatch({ type: 'error', error: isApiError(error) ? 'Failed to check payment status' : 'Payment check failed' });
  } finally {
    deps.store.dispatch({ type: 'checking', value: false });
  }
}

/** The 'Switch Network' button: asks the wallet again to move to the required network. */
export async function switchNetwork(deps: FlowDeps): Promise<void> {
  const provider = deps.provider.current;
  if (!provider) return;
  try {
    await putOnNetwork(provider, deps.network());
    deps.store.dispatch({ type: 'chain', ok: true, error: null });
    void refreshBalance(deps);
  } catch (error) {
    deps.store.dispatch({ type: 'chain', ok: false, error: flowMessage(error, switchNetworkMessage(deps.network())) });
  }
}
