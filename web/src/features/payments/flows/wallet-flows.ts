/**
 * The wallet side of the payment flows (spec §4): connect and restore, balance, pay and verify,
 * disconnect. The provider imports this module on first use (a click, or a page load with a wallet
 * to restore), so the first page does not carry it, nor what it brings (the sign-in message's
 * checksummed address from ethers, the WalletConnect connector).
 */
export { connectWallet, restoreConnection, switchNetwork } from './connect';
export { refreshBalance } from './balance';
export { clearConnection, clearPaymentAccess, disconnectWallet } from './disconnect';
export { pay, startNewPayment, verifyTransaction } from './pay';
export { connectBrowserWallet } from '../wallet/browser-connector';
export { connectWalletConnect } from '../wallet/walletconnect-connector';
