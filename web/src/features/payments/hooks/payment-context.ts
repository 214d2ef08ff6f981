import { createContext, useContext } from 'react';
import type { NetworkDefinition, WalletConnectConfigReply } from '@shm/contracts';
import type { PaidStatus } from '../status/payment-status';
import type { WalletUiState } from '../state/ui-store';

/** What the page shows: the wallet and pay steps, and the connected (or stored) wallet's paid status from the query. */
export type PaymentState = WalletUiState & Omit<PaidStatus, 'via'>;

export interface PaymentActions {
  connectBrowser(): Promise<boolean>;
  /** WalletConnect: `onUri` gets the pairing URI for the QR code; `signal` cancels the attempt. */
  connectWalletConnect(onUri: (uri: string) => void, signal?: AbortSignal): Promise<boolean>;
  /** Spec §4 "Disconnect"; `silent` leaves the confirmation to the caller (the admin page). True when disconnected. */
  disconnect(options?: { silent?: boolean }): Promise<boolean>;
  /** Back to the connect options, to use another wallet. */
  switchWallet(): Promise<void>;
  switchNetwork(): Promise<void>;
  refreshBalance(): Promise<void>;
  pay(): Promise<void>;
  verifyPending(): Promise<void>;
  startNewPayment(): void;
  clearSession(): Promise<void>;
  dismissSuccess(): void;
  /** The calculator answered 403: check with the payments service what is true. */
  onPaymentRequired(): void;
}

export interface PaymentContextValue {
  state: PaymentState;
  actions: PaymentActions;
  config: WalletConnectConfigReply | undefined;
  configError: boolean;
  network: NetworkDefinition;
  /** Hours of access left (from the server's expiry), null before any is known; refreshed every 60 s. */
  hoursRemaining: number | null;
}

export const PaymentContext = createContext<PaymentContextValue | null>(null);

export function usePayment(): PaymentContextValue {
  const value = useContext(PaymentContext);
  if (!value) throw new Error('usePayment must be used inside <PaymentProvider>');
  return value;
}
