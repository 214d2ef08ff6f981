import { hostname } from 'node:os';
import { SHUTDOWN_IDLE_GRACE_MS, createLifecycle, createLogger, createMetrics, createRedis, listen, loadConfig, redisReady } from '@shm/platform';
import { createApp } from './app';
import { CalcConfigSchema } from './config';
import { grantsRepository } from './data-access/grants.repository';
import { paymentsAccessClient } from './data-access/payments-access.client';
import { gatedAccess, grantsWithFallback } from './domain/access-policy';
import { gateFlag } from './domain/gate-flag';
import { followGateFlag } from './entry-points/events/flags.consumer';
import { liveDefaultsState } from './domain/live-defaults';
import { followNetworkUpdates } from './entry-points/events/network.consumer';
import { followPaymentGrants } from './entry-points/events/payments.consumer';

async function main(): Promise<void> {
  const logger = createLogger('calc');
  const config = loadConfig(CalcConfigSchema);
  const lifecycle = createLifecycle(logger);
  const metrics = createMetrics('calc', { logger });
  const redis = createRedis(config.REDIS_URL, 'client', logger);
  lifecycle.onShutdown(async () => void (await redis.quit()));
  const gate = gateFlag();
  // A group per instance (host + port): every calc replica follows every flag change.
  const flags = await followGateFlag(redis, gate, { group: `calc:${hostname()}:${config.CALC_PORT}`, logger, metrics });
  lifecycle.onShutdown(() => flags.stop());
  const liveDefaults = liveDefaultsState();
  const network = await followNetworkUpdates(redis, liveDefaults, { group: `calc-network:${hostname()}:${config.CALC_PORT}`, logger, metrics });
  lifecycle.onShutdown(() => network.stop());
  // One group for every replica: grants live in shared Redis, so each payment event is applied once.
  const grants = grantsRepository(redis);
  const payments = await followPaymentGrants(redis, grants, { group: 'calc-grants', consumer: `${hostname()}:${config.CALC_PORT}`, logger, metrics });
  lifecycle.onShutdown(() => payments.stop());
  const app = createApp({
    logger,
    metrics,
    access: gatedAccess(
      gate,
      grantsWithFallback(grants, paymentsAccessClient(config.PAYMENTS_URL, config.INTERNAL_SECRET, config.ACCESS_CHECK_TIMEOUT_MS), {
        onError: (err) => logger.warn({ err: (err as Error).message }, 'payments could not be asked about a grant'),
      }),
    ),
    internalSecret: config.INTERNAL_SECRET,
    readiness: { redis: redisReady(redis) },
    liveDefaults,
    isShuttingDown: lifecycle.isShuttingDown,
  });
  const server = await listen(app, config.CALC_PORT, config.BIND_HOST);
  lifecycle.onShutdown(() => server.close({ idleGraceMs: SHUTDOWN_IDLE_GRACE_MS }));
  logger.info({ url: server.url }, 'calc listening');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
