/** The payments feature's public surface (spec §2.5, §4): provider, gate card, banner, header part, admin control. */
export { PaymentProvider } from './components/payment-provider';
export { ClearSessionControl, PaymentGateCard, PaymentStatusPanel } from './components/lazy-panels';
export { HeaderWallet } from './components/header-wallet';
export { ConnectWalletButton } from './components/connect-wallet-button';
export { usePayment } from './hooks/payment-context';
export type { PageVariant } from './texts';
