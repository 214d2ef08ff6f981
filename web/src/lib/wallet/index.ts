/** Browser-wallet access through EIP-1193 (`window.ethereum`), shared by the payment gate and the admin sign-in. */
export { getInjectedProvider, walletErrorCode, WALLET_ERROR, type Eip1193Provider } from './eip1193';
export { WALLET_UNSTABLE_MESSAGE, providerFailureMessage } from './provider-errors';
export { getChainId, listAccounts } from './browser-wallet';
export { sendTransaction, waitForConfirmations } from './transactions';
