import type { WalletConnectConfigReply } from '@shm/contracts';
import { createMetrics, createServiceApp, openStreams, unavailableErrors, type Logger, type Metrics, type ReadinessCheck, type ServiceApp } from '@shm/platform';
import type { StatusHub } from './data-access/status.channel';
import type { PaymentUseCases } from './domain/use-cases';
import { configRoutes } from './entry-points/http/config.routes';
import { eventsRoutes } from './entry-points/http/events.routes';
import { paymentRoutes } from './entry-points/http/payment.routes';
import { sessionRoutes } from './entry-points/http/session.routes';

export interface PaymentsAppDeps {
  logger: Logger;
  /** The process's metrics (a registry of its own when not given). */
  metrics?: Metrics;
  useCases: PaymentUseCases;
  statusHub: StatusHub;
  walletConfig: WalletConnectConfigReply;
  /** Checks the gateway's identity header (env INTERNAL_SECRET). */
  internalSecret: string;
  sseHeartbeatMs?: number;
  /** Open event streams per wallet and in total on this instance (5 and 1000). */
  streamCaps?: { perWallet: number; max: number };
  readiness?: Record<string, ReadinessCheck>;
  isShuttingDown?: () => boolean;
}

export function createApp(deps: PaymentsAppDeps): ServiceApp {
  const { logger, useCases, internalSecret: secret } = deps;
  const metrics = deps.metrics ?? createMetrics('payments');
  return createServiceApp({ logger, metrics, readiness: deps.readiness, isShuttingDown: deps.isShuttingDown }, (app) => {
    app.use(configRoutes(deps.walletConfig));
    app.use(paymentRoutes(useCases, secret));
    app.use(sessionRoutes(useCases, secret));
    const { perWallet, max } = deps.streamCaps ?? { perWallet: 5, max: 1_000 };
    const streams = openStreams({ max, maxPerKey: perWallet });
    app.use(eventsRoutes(useCases, deps.statusHub, secret, deps.sseHeartbeatMs ?? 10_000, streams));
    app.use(unavailableErrors('Payments are unavailable right now; try again shortly'));
  });
}
