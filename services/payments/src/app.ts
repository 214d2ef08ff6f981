import type { WalletConnectConfigReply } from '@shm/contracts';
import { createServiceApp, openStreams, type AppDeps, type ServiceApp } from '@shm/platform';
import type { StatusHub } from './domain/ports';
import type { PaymentsDomain } from './domain/deps';
import { configRoutes } from './entry-points/http/config.routes';
import { eventsRoutes } from './entry-points/http/events.routes';
import { paymentRoutes } from './entry-points/http/payment.routes';
import { sessionRoutes } from './entry-points/http/session.routes';

export interface PaymentsAppDeps extends AppDeps {
  /** Each wallet's published statuses, for the event streams. */
  statusHub: StatusHub;
  walletConfig: WalletConnectConfigReply;
  sseHeartbeatMs?: number;
  /** Open event streams per wallet and in total on this instance (5 and 1000). */
  streamCaps?: { perWallet: number; max: number };
}

/** Payments' HTTP surface only; compose.ts builds what it calls. */
export function createApp(domain: PaymentsDomain, deps: PaymentsAppDeps): ServiceApp {
  const { perWallet, max } = deps.streamCaps ?? { perWallet: 5, max: 1_000 };
  const streams = openStreams({ max, maxPerKey: perWallet });
  const routes = [
    ...configRoutes(deps.walletConfig),
    ...paymentRoutes(domain),
    ...sessionRoutes(domain),
    ...eventsRoutes(domain, deps.statusHub, deps.sseHeartbeatMs ?? 10_000, streams),
  ];
  return createServiceApp({ ...deps, name: 'payments', routes, unavailable: 'Payments are unavailable right now; try again shortly' });
}
