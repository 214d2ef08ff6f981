import { hostname } from 'node:os';
import { createMetrics, type Logger, type Metrics, type ServiceApp } from '@shm/platform';
import { startHandlers, type Handler } from '@shm/platform/jobs';
import { createRedis, redisReady } from '@shm/platform/redis';
import { createApp, type CalcUseCases } from './app';
import type { CalcConfig } from './config';
import { grantsRepository } from './data-access/grants.repository';
import { unhandledGrants } from './data-access/unhandled-grants';
import { gatedAccess, grantsWithCatchUp } from './domain/access-policy';
import { gateFlag } from './domain/gate-flag';
import { liveDefaultsState } from './domain/live-defaults';
import type { PaymentGateState } from './domain/ports';
import { gateFlagHandler } from './entry-points/events/flags.handler';
import { liveDefaultsHandler } from './entry-points/events/network.handler';
import { paymentGrantHandlers } from './entry-points/events/payments.handler';

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
  /** How long a "not paid" answer is remembered before the grant events are read again (2 s). */
  negativeTtlMs?: number;
  /** Consumer-event polling block (ms) for the stream consumers; their default otherwise. */
  blockMs?: number;
}

/**
 * Builds calc from its configuration: the Redis connection, its event handlers (the gate flag and the
 * live defaults, each instance following every change; calc's copy of the grants from
 * `payment.confirmed`/`access.revoked`, shared by the replicas), the access policy (the copy, caught
 * up from the streams when it says "not paid") and the HTTP app. `close()` stops the handlers, then
 * the connection.
 */
export async function composeCalcService(config: CalcConfig, logger: Logger, options: CalcComposeOptions = {}): Promise<CalcService> {
  const metrics = createMetrics('calc', { logger });
  const redis = createRedis(config.REDIS_URL, 'client', logger);
  const instance = `${hostname()}:${config.CALC_PORT}`;
  const liveDefaults = liveDefaultsState();
  const grants = grantsRepository(redis, config.REDIS_KEY_PREFIX, options.now);
  // One group for every replica; the default prefix keeps the group's original name, so a running deployment keeps its place in the stream.
  const grantsGroup = config.REDIS_KEY_PREFIX === 'calc:' ? 'calc-grants' : `${config.REDIS_KEY_PREFIX}grants`;
  const flag = options.gate ? undefined : gateFlag();
  const handlers: Handler[] = [
    // A group per instance (host + port): every calc replica follows every change.
    ...(flag ? [gateFlagHandler(flag, `calc:${instance}`)] : []),
    liveDefaultsHandler(liveDefaults, `calc-network:${instance}`),
    ...(options.followPaymentEvents === false ? [] : paymentGrantHandlers(grants, grantsGroup)),
  ];
  const running = await startHandlers({ redis, logger, metrics, handlers, consumer: instance, blockMs: options.blockMs });
  const gate = options.gate ?? flag;
  if (!gate) throw new Error('calc needs a payment gate');
  if (flag) logger.info({ paymentGate: flag.isOn() }, 'payment gate flag loaded');

  const useCases: CalcUseCases = {
    access: gatedAccess(
      gate,
      grantsWithCatchUp(grants, unhandledGrants(redis, grants, grantsGroup), {
        negativeTtlMs: options.negativeTtlMs,
        onError: (err) => logger.warn({ err: (err as Error).message }, 'the grant events could not be read'),
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
      await running.stop();
      await redis.quit();
    },
  };
}
