import { hostname } from 'node:os';
import { createMetrics, type Logger, type Metrics, type ServiceApp } from '@shm/platform';
import { createRedis, redisReady } from '@shm/platform/redis';
import { createApp, type CalcUseCases } from './app';
import type { CalcConfig } from './config';
import { grantsRepository } from './data-access/grants.repository';
import { paymentsAccessClient } from './data-access/payments-access.client';
import { gatedAccess, grantsWithFallback } from './domain/access-policy';
import { gateFlag } from './domain/gate-flag';
import { liveDefaultsState } from './domain/live-defaults';
import type { PaymentGateState } from './domain/ports';
import { followGateFlag } from './entry-points/events/flags.consumer';
import { followNetworkUpdates } from './entry-points/events/network.consumer';
import { followPaymentGrants } from './entry-points/events/payments.consumer';

export interface CalcService {
  app: ServiceApp;
  metrics: Metrics;
  useCases: CalcUseCases;
  close(): Promise<void>;
}

export interface CalcComposeOptions {
  isShuttingDown?: () => boolean;
  /** Calc's clock for grant validity (tests move it past the 24 hours). */
  now?: () => Date;
  /**
   * The payment gate to obey instead of following `flags.changed` (for a calc composed beside others
   * on a shared Redis whose flags it must not take; the running service always follows the events).
   */
  gate?: PaymentGateState;
  /** False: no `payment.confirmed` consumer, as when calc's consumer is down and events go unheard. */
  followPaymentEvents?: boolean;
  /** How long a "not paid" answer from payments is remembered (2 s). */
  negativeTtlMs?: number;
  /** Consumer-event polling block (ms) for the stream consumers; their default otherwise. */
  blockMs?: number;
}

/**
 * Builds calc from its configuration: the Redis connection, the gate flag and live defaults fed by
 * events, calc's copy of the grants (fed by `payment.confirmed`/`access.revoked`, with payments asked
 * when it says "not paid"), the access policy and the HTTP app. `close()` stops the consumers and the
 * connection, in the reverse order of their start.
 */
export async function composeCalcService(config: CalcConfig, logger: Logger, options: CalcComposeOptions = {}): Promise<CalcService> {
  const { blockMs } = options;
  const metrics = createMetrics('calc', { logger });
  const redis = createRedis(config.REDIS_URL, 'client', logger);
  const instance = `${hostname()}:${config.CALC_PORT}`;
  const stops: (() => Promise<void>)[] = [
    async () => {
      await redis.quit();
    },
  ];

  let gate = options.gate;
  if (!gate) {
    const flag = gateFlag();
    // A group per instance (host + port): every calc replica follows every flag change.
    const flags = await followGateFlag(redis, flag, { group: `calc:${instance}`, logger, metrics, blockMs });
    stops.unshift(() => flags.stop());
    gate = flag;
  }
  const liveDefaults = liveDefaultsState();
  const network = await followNetworkUpdates(redis, liveDefaults, { group: `calc-network:${instance}`, logger, metrics, blockMs });
  stops.unshift(() => network.stop());
  const grants = grantsRepository(redis, config.REDIS_KEY_PREFIX, options.now);
  if (options.followPaymentEvents !== false) {
    // One group for every replica: grants live in shared Redis, so each payment event is applied once.
    // The default prefix keeps the group's original name, so a running deployment keeps its place in the stream.
    const group = config.REDIS_KEY_PREFIX === 'calc:' ? 'calc-grants' : `${config.REDIS_KEY_PREFIX}grants`;
    const payments = await followPaymentGrants(redis, grants, { group, consumer: instance, logger, metrics, blockMs });
    stops.unshift(() => payments.stop());
  }

  const payments = paymentsAccessClient(config.PAYMENTS_URL, config.INTERNAL_SECRET, config.ACCESS_CHECK_TIMEOUT_MS);
  const useCases: CalcUseCases = {
    access: gatedAccess(
      gate,
      grantsWithFallback(grants, payments, {
        negativeTtlMs: options.negativeTtlMs,
        onError: (err) => logger.warn({ err: (err as Error).message }, 'payments could not be asked about a grant'),
      }),
    ),
    liveDefaults,
  };
  const app = createApp(useCases, {
    logger,
    metrics,
    internalSecret: config.INTERNAL_SECRET,
    readiness: { redis: redisReady(redis) },
    isShuttingDown: options.isShuttingDown,
  });
  return {
    app,
    metrics,
    useCases,
    async close() {
      for (const stop of stops) await stop();
    },
  };
}
