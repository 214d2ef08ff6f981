import type { ToastOptions } from '../../../components/toast/toast-context';

export interface AdminDisconnectSteps {
  token: string | null;
  logout: (token: string) => Promise<void>;
  forgetToken: () => void;
  /** Present when a wallet is connected on the page; false when it could not disconnect (it says so itself). */
  disconnectWallet?: () => Promise<boolean>;
  notify: (toast: ToastOptions) => void;
}

/**
 * Spec §4 "Admin session" Disconnect: server logout (failure ignored), token and state cleared, the
 * wallet disconnected if connected, then the confirmation. A wallet that could not disconnect has
 * shown its own toast, which the confirmation would hide (one toast at a time), so none follows.
 */
export async function disconnectAdmin({ token, logout, forgetToken, disconnectWallet, notify }: AdminDisconnectSteps): Promise<void> {
  try {
    if (token) await logout(token).catch(() => undefined); // spec §7: failure ignored
    forgetToken();
    const walletDisconnected = disconnectWallet ? await disconnectWallet() : true;
    if (walletDisconnected) notify({ severity: 'success', summary: 'Disconnected', detail: 'Admin session has been securely invalidated' });
  } catch (error) {
    notify({ severity: 'error', summary: 'Error', detail: error instanceof Error ? error.message : 'Disconnect failed' });
  }
}
