import { paymentContract } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';
import { clearSession } from '../../domain/clear-session';
import type { PaymentsDomain } from '../../domain/deps';
import { paymentSession, walletSessionInfo } from '../../domain/get-session-info';

/** Spec §7 session calls: hours left for a wallet, one session, and clearing it. */
export const sessionRoutes = (domain: PaymentsDomain): RouteHandler[] => [
  handler(paymentContract.sessionInfo, ({ wallet }) => walletSessionInfo(domain, wallet)),
  handler(paymentContract.session, ({ wallet, params: { sessionId } }) => paymentSession(domain, wallet, sessionId)),
  handler(paymentContract.clearSession, ({ wallet, params: { sessionId } }) => clearSession(domain, wallet, sessionId)),
];
