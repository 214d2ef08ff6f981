/**
 * The wallet side of the payment flows (spec §4): connect and restore, balance, pay and verify,
 * disconnect. The provider imports this module on first use (a click, or a page load with a wallet
 * to restore), so the first page does not carry it, nor what it brings (the sign-in message's
 * checksummed address from ethers, the WalletConnect connector).
 */
export { clearConnection, connectWallet, restoreConnection, switchNetwork } from '../connection/connect';
export { refreshBalance } from '../pay/balance';
export { pay, startNewPayment, verifyTransaction } from '../pay/pay';
export { clearPaymentAccess, disconnectWallet } from '../session/session';
export { connectBrowserWallet } from '../../../lib/wallet/browser-connector';
export { connectWalletConnect } from '../../../lib/wallet/walletconnect-connector';
