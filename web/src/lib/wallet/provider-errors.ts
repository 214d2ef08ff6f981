import { WALLET_ERROR, walletErrorCode, type Eip1193Provider } from './eip1193';

/** Spec §8 texts for a wallet that is there but not working. */
export const WALLET_UNSTABLE_MESSAGE = 'Wallet connection is unstable. Please disconnect and reconnect your wallet.';
export const WALLET_PROVIDER_ERROR_MESSAGE = 'Wallet provider error. Please close and reopen your wallet app, then reconnect.';
export const PROVIDER_NOT_PROPERLY_INITIALIZED = 'Wallet provider is not properly initialized';
export const REQUEST_PENDING_MESSAGE = 'Wallet request already pending. Please check your wallet.';

/**
 * The text for a wallet request that failed because of the wallet itself: disconnected from its
 * chains (4900/4901), or an internal error (-32603). Null for anything else (a rejection, a pending
 * request, an unknown chain), which each flow words in its own way.
 */
const FAILING: Record<number, string> = {
  [WALLET_ERROR.DISCONNECTED]: WALLET_UNSTABLE_MESSAGE,
  [WALLET_ERROR.CHAIN_DISCONNECTED]: WALLET_UNSTABLE_MESSAGE,
  [WALLET_ERROR.INTERNAL_ERROR]: WALLET_PROVIDER_ERROR_MESSAGE,
};
export const providerFailureMessage = (error: unknown): string | null => FAILING[walletErrorCode(error) ?? 0] ?? null;

/** Some extensions inject a half-built `window.ethereum`; without `request` it cannot be used at all. */
export const isEip1193Provider = (value: unknown): value is Eip1193Provider =>
  typeof (value as { request?: unknown } | null)?.request === 'function';
