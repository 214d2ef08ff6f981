import { z } from 'zod';
import { identityEnvShape, portSchema, serviceEnvSchema } from '@shm/platform';

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true');

export const ALERTS_ROLES = ['all', 'api', 'worker'] as const;

/** How deliveries are retried, and what a destination may be (docs/alerts.md). */
const deliveryEnvShape = {
  /** Attempts per delivery before it is dead-lettered. */
  ALERT_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  /** The first retry's delay; each next one doubles, with up to 50 % jitter. */
  ALERT_BACKOFF_MS: ms(10_000),
  /** Deliveries one worker sends at once. */
  ALERT_CONCURRENCY: ms(4),
  /** A delivery whose worker stops renewing its lock this long is sent again by another (and how often that is checked). */
  ALERT_LOCK_MS: ms(30_000),
  ALERT_STALLED_INTERVAL_MS: ms(30_000),
  /** One attempt (connect, send, the receiver's status) gives up after this long. */
  ALERT_TIMEOUT_MS: ms(5_000),
  /** At most this much of a receiver's reply is read. */
  ALERT_MAX_RESPONSE_BYTES: ms(64 * 1024),
  /** `nodes.changed` events published longer ago than this when first handled alert nobody (a new consumer group replays the stream). */
  ALERT_MAX_EVENT_AGE_MS: ms(24 * 3_600_000),
  /**
   * true: destinations may use http and point at loopback and private addresses (local receivers in
   * development and tests). Defaults to false with NODE_ENV=production, where true is refused.
   */
  ALERT_ALLOW_PRIVATE_TARGETS: z.enum(['true', 'false']).optional(),
};

/** Episodes and the money figures of alerts (docs/alerts.md, "Episodes" and "What an alert says"). */
const episodeEnvShape = {
  /** A still-open problem is reminded at most this often (a day). */
  ALERT_REMINDER_MS: ms(24 * 3_600_000),
  /** The same problem again within this many cycles of its recovery is a flap: no second alert, no second recovery. */
  ALERT_FLAP_CYCLES: z.coerce.number().int().min(0).max(10_000).default(10),
  /** The network service, asked for the earned SHM of a period that just ended (POST /api/shardeum-network/nodes) and for a node's penalties (its money route); empty: not asked. */
  NETWORK_URL: z.union([z.url(), z.literal('')]).default('http://127.0.0.1:8103'),
  NETWORK_LOOKUP_TIMEOUT_MS: ms(3_000),
  /** How long an alert of a period that ended waits for the tracker to have saved it, before it goes without the figure. */
  ALERT_EARNED_WAIT_MS: ms(5_000),
  /** Stuck active: active longer than this many times the observed P99 period (docs/alerts.md, "New triggers"). */
  ALERT_STUCK_FACTOR: z.coerce.number().min(1).max(100).default(1.5),
  /** Periods that must have been seen to end before the P99 is trusted. */
  ALERT_STUCK_MIN_PERIODS: z.coerce.number().int().min(1).default(50),
  /** The newest ended periods the P99 is taken over. */
  ALERT_STUCK_SAMPLE: z.coerce.number().int().min(1).max(100_000).default(1_000),
};

/**
 * A list of delays, comma-separated milliseconds, strictly ascending ("60000,120000"). A library
 * would not say more than this: zod reads it, and names the field when it is wrong.
 */
const delays = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const list = text.split(',').map((part) => Number(part.trim()));
      const ok = list.length >= 1 && list.length <= 20 && list.every((n, i) => Number.isInteger(n) && n > 0 && (i === 0 || n > (list[i - 1] ?? 0)));
      if (!ok) ctx.addIssue({ code: 'custom', message: 'Must be 1 to 20 comma-separated positive whole milliseconds, ascending' });
      return list;
    });

/** Penalty checks after an incident the chain may penalise (docs/alerts.md, "Penalties"). */
const penaltyEnvShape = {
  /** When each check runs, after the incident's cycle start: 1, 2, 5, 10 and 30 minutes (the chain applies a penalty within a cycle or two; the explorer lists it soon after). */
  ALERT_PENALTY_CHECK_MS: delays('60000,120000,300000,600000,1800000'),
  /** A penalty dated up to this long before the incident's cycle start still belongs to it (the chain's clock; a vanishing is found after the apoptosis). */
  ALERT_PENALTY_SLACK_MS: ms(600_000),
  /** One read of the node's money route (it reads the explorer's pages and day prices). */
  ALERT_PENALTY_TIMEOUT_MS: ms(15_000),
};

/** The shared service settings (packages/platform base-env.ts) plus the alerts service's own. */
export const AlertsConfigSchema = serviceEnvSchema({
  ALERTS_PORT: portSchema(8105),
  /**
   * What this process runs: `all` (the API and the delivery), `api` (the API only; it still queues
   * test alerts) or `worker` (the nodes.changed consumer and the delivery worker, with only /healthz,
   * /readyz and /metrics over HTTP).
   */
  ALERTS_ROLE: z.enum(ALERTS_ROLES).default('all'),
  /** Off: no consumer and no delivery worker in this process (the same as ALERTS_ROLE=api). */
  WORKER_ENABLED: flag('true'),
  /** Keeps this service's wallet-lock keys apart on a shared Redis. */
  REDIS_KEY_PREFIX: z.string().default('alerts:'),
  /**
   * Where the alert-delivery queue lives in Redis. The dashboard's, where alerts ran before they were a
   * service of their own: deliveries queued before the move are still sent.
   */
  ALERT_QUEUE_PREFIX: z.string().default('dashboard:bull'),
  MONGO_URL: z.string().default('mongodb://127.0.0.1:27018'),
  /**
   * The database of the alert collections (alert_destinations, alert_notifications, alert_deliveries).
   * The dashboard's database by default, where they were kept before the move, so nothing is lost;
   * only this service reads or writes them.
   */
  MONGO_DB: z.string().default('shm_dashboard'),
  /** Checks the identity header the gateway signs, and signs the token the dashboard's internal route checks. */
  ...identityEnvShape,
  /** A wallet's destination lock frees itself after this long if its holder dies mid-change. */
  WALLET_LOCK_LEASE_MS: ms(10_000),
  /** How long a destination change waits for the wallet's lock before answering 503. */
  WALLET_LOCK_WAIT_MS: ms(10_000),
  /** The dashboard, asked which wallets link the nodes of a `nodes.changed` event (POST /internal/dashboard/watchers). */
  DASHBOARD_URL: z.url().default('http://127.0.0.1:8104'),
  /** Past this the watchers lookup fails, and the event is handled again later. */
  DASHBOARD_TIMEOUT_MS: ms(5_000),
  ...deliveryEnvShape,
  ...episodeEnvShape,
  ...penaltyEnvShape,
}).superRefine((config, ctx) => {
  if (config.ALERTS_ROLE === 'worker' && !config.WORKER_ENABLED) {
    ctx.addIssue({ code: 'custom', path: ['WORKER_ENABLED'], message: 'ALERTS_ROLE=worker needs the worker: WORKER_ENABLED must not be false' });
  }
  if (config.NODE_ENV === 'production' && config.ALERT_ALLOW_PRIVATE_TARGETS === 'true') {
    ctx.addIssue({ code: 'custom', path: ['ALERT_ALLOW_PRIVATE_TARGETS'], message: 'Alerts may not reach private addresses or plain http in production' });
  }
});
export type AlertsConfig = z.infer<typeof AlertsConfigSchema>;

/** Whether this process serves the alert API and whether it runs the consumer and the delivery worker. */
export function alertsRole(config: Pick<AlertsConfig, 'ALERTS_ROLE' | 'WORKER_ENABLED'>): { api: boolean; worker: boolean } {
  return { api: config.ALERTS_ROLE !== 'worker', worker: config.ALERTS_ROLE !== 'api' && config.WORKER_ENABLED };
}

/** Strict (https only, public addresses only) unless private targets are allowed: by default outside production only. */
export const alertTargetsStrict = (config: Pick<AlertsConfig, 'NODE_ENV' | 'ALERT_ALLOW_PRIVATE_TARGETS'>) =>
  (config.ALERT_ALLOW_PRIVATE_TARGETS ?? (config.NODE_ENV === 'production' ? 'false' : 'true')) === 'false';
