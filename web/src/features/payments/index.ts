import { lazyPart } from '../../lib/lazy-component';

/** The payments feature's public surface (spec §2.5, §4): provider, gate card, banner, header part, admin control. */
export { PaymentProvider, usePayment } from './components/payment-provider';
export { HeaderWallet } from './components/header-wallet';
export { ConnectWalletButton } from './components/header-wallet';
export type { PageVariant } from './texts';

// The gate card and the paid status panel load when a page first shows one; most visits see neither.
export const PaymentGateCard = lazyPart(() => import('./components/payment-gate-card').then((m) => m.PaymentGateCard));
export const PaymentStatusPanel = lazyPart(() => import('./components/payment-status-panel').then((m) => m.PaymentStatusPanel));
/** Only the admin page shows it (gate on), so the calculator page does not carry its code. */
export const ClearSessionControl = lazyPart(() => import('./components/clear-session-control').then((m) => m.ClearSessionControl));
