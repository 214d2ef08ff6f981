/** The wallet side of the payment flows (spec §4), imported on first use with what it brings (ethers' checksum, WalletConnect). */
export { clearConnection, connectWallet, restoreConnection, switchNetwork } from '../connection/connect';
export { pay, refreshBalance, startNewPayment, verifyTransaction } from '../pay/pay';
export { clearPaymentAccess, disconnectWallet } from '../session/session';
export { connectBrowserWallet } from '../../../lib/wallet/browser-connector';
export { connectWalletConnect } from '../../../lib/wallet/walletconnect-connector';
