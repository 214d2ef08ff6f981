import { useCallback, useState } from 'react';
import { SHARDEUM_NETWORK } from '../../../config/chain';
import { STORAGE_KEYS } from '../../../config/storage-keys';
import { useToast } from '../../../components/toast/toast-context';
import { isApiError } from '../../../lib/api-client';
import { ensureChain, getInjectedProvider, listAccounts, requestAccounts, signMessage, signingErrorMessage } from '../../../lib/wallet';
import { logoutAdmin, requestAdminChallenge, verifyAdminSignature } from '../api/admin-auth';
import { disconnectAdmin } from '../utils/admin-disconnect';

const readToken = () => {
  try {
    return localStorage.getItem(STORAGE_KEYS.adminToken);
  } catch {
    return null;
  }
};
const writeToken = (token: string | null) => {
  try {
    if (token) localStorage.setItem(STORAGE_KEYS.adminToken, token);
    else localStorage.removeItem(STORAGE_KEYS.adminToken);
  } catch {
    // Storage unavailable (private mode): the session lasts for this page only.
  }
};

class Stop extends Error {}

export interface AdminSession {
  token: string | null;
  isAuthenticated: boolean;
  isAuthenticating: boolean;
  isDisconnecting: boolean;
  authenticate(): Promise<void>;
  disconnect(): Promise<void>;
  /** The server no longer accepts the token: forget it without a server call. */
  expire(): void;
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

  const fail = useCallback(
    (summary: string, detail: string) => {
      showToast({ severity: 'error', summary, detail });
      return new Stop(detail);
    },
    [showToast],
  );

  const connect = useCallback(async () => {
    const provider = getInjectedProvider();
    if (!provider) throw fail('Wallet Required', 'Please connect your wallet first');
    try {
      const known = await listAccounts(provider);
      const accounts = known.length ? known : await requestAccounts(provider);
      if (!accounts[0]) throw new Error('no account');
      await ensureChain(provider, SHARDEUM_NETWORK);
      return { provider, address: accounts[0] };
    } catch {
      throw fail('Connection Failed', 'Please connect your wallet first');
    }
  }, [fail]);

  const authenticate = useCallback(async () => {
    setAuthenticating(true);
    try {
      const { provider, address } = await connect();
      let challenge: string;
      try {
        challenge = await requestAdminChallenge(address);
      } catch (error) {
        if (isApiError(error, 403)) throw fail('Unauthorized', 'Admin access requires the authorized wallet address');
        throw fail('Authentication Failed', (isApiError(error) && error.serverMessage) || 'Failed to get challenge');
      }
      let signature: string;
      try {
        signature = await signMessage(provider, address, challenge);
      } catch (error) {
        throw fail('Authentication Failed', signingErrorMessage(error));
      }
      try {
        const adminToken = await verifyAdminSignature({ walletAddress: address, signature, challenge });
        writeToken(adminToken);
        setToken(adminToken);
      } catch (error) {
        throw fail('Authentication Failed', (isApiError(error) && error.serverMessage) || 'Failed to authenticate admin access');
      }
      showToast({ severity: 'success', summary: 'Admin Access Granted', detail: 'You now have admin privileges' });
    } catch (error) {
      if (!(error instanceof Stop)) showToast({ severity: 'error', summary: 'Authentication Failed', detail: 'Authentication failed' });
    } finally {
      setAuthenticating(false);
    }
  }, [connect, fail, showToast]);

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
