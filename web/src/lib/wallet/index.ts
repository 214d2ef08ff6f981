/**
 * Browser-wallet access through EIP-1193 (`window.ethereum`), shared by every feature that needs a
 * wallet (admin sign-in now; connect and pay later). Small on purpose: accounts, chain, signing,
 * and the spec's error texts. A feature adds what it alone needs (e.g. eth_sendTransaction) on top.
 */
export { getInjectedProvider, walletErrorCode, WALLET_ERROR, type Eip1193Provider } from './eip1193';
export {
  PROVIDER_NOT_PROPERLY_INITIALIZED,
  WALLET_PROVIDER_ERROR_MESSAGE,
  WALLET_UNSTABLE_MESSAGE,
  isEip1193Provider,
  providerFailureMessage,
} from './provider-errors';
export { ensureChain, getChainId, listAccounts, requestAccounts, signMessage, signingErrorMessage, toHexUtf8 } from './browser-wallet';
export {
  getBalance,
  getBlockNumber,
  getTransactionReceipt,
  sendTransaction,
  toQuantity,
  waitForConfirmations,
  type NativeTransfer,
  type ReceiptSummary,
} from './transactions';
