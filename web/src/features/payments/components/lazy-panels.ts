import { deferred } from '../../../lib/lazy-component';

/**
 * The payment gate card and the paid status panel load when a page first shows one (gate on and
 * unpaid, or paid), not with every page: most visits see neither.
 */
export const PaymentGateCard = deferred(() => import('./payment-gate-card').then((m) => m.PaymentGateCard));
export const PaymentStatusPanel = deferred(() => import('./payment-status-panel').then((m) => m.PaymentStatusPanel));
/** Only the admin page shows it (gate on), so the calculator page does not carry its code. */
export const ClearSessionControl = deferred(() => import('./clear-session-control').then((m) => m.ClearSessionControl));
