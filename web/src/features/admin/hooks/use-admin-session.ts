import { useCallback, useState } from 'react';
import { SHARDEUM_NETWORK, STORAGE_KEYS } from '@shm/contracts';
import { useToast } from '../../../components/toast/toast-context';
import { isApiError } from '../../../lib/api-client';
import { localStore } from '../../../lib/persisted-storage';
import { SignInError, connectInjectedWallet, signInWithWallet } from '../../../lib/wallet/sign-in';
import { logoutAdmin, requestAdminChallenge, verifyAdminSignature } from '../api/admin-auth';
import { disconnectAdmin } from '../utils/admin-disconnect';

const readToken = () => localStore.read(STORAGE_KEYS.adminToken);
// Storage unavailable (private mode): the session lasts for this page only.
const writeToken = (token: string | null) => (token ? localStore.write(STORAGE_KEYS.adminToken, token) : localStore.remove(STORAGE_KEYS.adminToken));

/** The spec §8 toast for the step of the admin sign-in that failed. */
function failureToast(error: unknown): [summary: string, detail: string] {
  if (!(error instanceof SignInError)) return ['Authentication Failed', 'Authentication failed'];
  const cause = error.cause;
  switch (error.step) {
    case 'wallet':
      return [cause === null ? 'Wallet Required' : 'Connection Failed', 'Please connect your wallet first'];
    case 'message':
      if (isApiError(cause, 403)) return ['Unauthorized', 'Admin access requires the authorized wallet address'];
      return ['Authentication Failed', (isApiError(cause) && cause.serverMessage) || 'Failed to get challenge'];
    case 'sign':
      return ['Authentication Failed', error.message];
    case 'submit':
      return ['Authentication Failed', (isApiError(cause) && cause.serverMessage) || 'Failed to authenticate admin access'];
  }
}

export interface AdminSession {
  token: string | null;
  isAuthenticated: boolean;
  isAuthenticating: boolean;
  isDisconnecting: boolean;
  authenticate(): Promise<void>;
  disconnect(): Promise<void>;
  /** The server no longer accepts the token: forget it without a server call. */
  expire: () => void;
}

export interface AdminSessionOptions {
  /** Disconnects the page's payment wallet when one is connected (spec §4); false when it could not. */
  disconnectWallet?: () => Promise<boolean>;
}

/**
 * The admin session of spec §4: unauthenticated → authenticated after the wallet signs the server's
 * challenge; the token is kept in localStorage (key adminToken) and restored on load.
 */
export function useAdminSession({ disconnectWallet }: AdminSessionOptions = {}): AdminSession {
  const { showToast } = useToast();
  const [token, setToken] = useState<string | null>(readToken);
  const [isAuthenticating, setAuthenticating] = useState(false);
  const [isDisconnecting, setDisconnecting] = useState(false);

  const authenticate = useCallback(async () => {
    setAuthenticating(true);
    try {
      const { provider, address } = await connectInjectedWallet(SHARDEUM_NETWORK);
      const adminToken = await signInWithWallet(provider, address, {
        message: () => requestAdminChallenge(address),
        submit: (challenge, signature) => verifyAdminSignature({ walletAddress: address, signature, challenge }),
      });
      writeToken(adminToken);
      setToken(adminToken);
      showToast({ severity: 'success', summary: 'Admin Access Granted', detail: 'You now have admin privileges' });
    } catch (error) {
      const [summary, detail] = failureToast(error);
      showToast({ severity: 'error', summary, detail });
    } finally {
      setAuthenticating(false);
    }
  }, [showToast]);

  const disconnect = useCallback(async () => {
    setDisconnecting(true);
    const forgetToken = () => {
      writeToken(null);
      setToken(null);
    };
    await disconnectAdmin({ token, logout: logoutAdmin, forgetToken, disconnectWallet, notify: showToast });
    setDisconnecting(false);
  }, [disconnectWallet, showToast, token]);

  const expire = useCallback(() => {
    writeToken(null);
    setToken(null);
  }, []);

  return { token, isAuthenticated: token !== null, isAuthenticating, isDisconnecting, authenticate, disconnect, expire };
}
