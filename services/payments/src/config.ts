import { isAddress, parseEther } from 'ethers';
import { z } from 'zod';
import { SHARDEUM_CHAIN_ID } from '@shm/contracts';
import { identityEnvShape, portSchema, serviceEnvSchema } from '@shm/platform';

/** Hardhat's account #1: the local dev recipient, whose private key is public. Never for production. */
export const DEV_PAYMENT_RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

export const PAYMENTS_ROLES = ['all', 'api', 'worker'] as const;

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true');

/** The shared service settings (packages/platform base-env.ts) plus the payments service's own. */
export const PaymentsConfigSchema = serviceEnvSchema(
  {
    PAYMENTS_PORT: portSchema(8102),
    /** Keeps this service's keys, status channels and BullMQ queue apart on a shared Redis. */
    REDIS_KEY_PREFIX: z.string().default('payments:'),
    MONGO_URL: z.string().default('mongodb://127.0.0.1:27018'),
    MONGO_DB: z.string().default('shm_payments'),
    /** JSON-RPC the verifier reads the chain from (the local Hardhat chain in dev). */
    CHAIN_RPC_URL: z.url().default('http://127.0.0.1:8545'),
    /** JSON-RPC the browser wallet is told to use; defaults to CHAIN_RPC_URL. */
    PUBLIC_RPC_URL: z.url().optional(),
    CHAIN_ID: z.coerce.number().int().positive().default(SHARDEUM_CHAIN_ID),
    CHAIN_NAME: z.string().default('Shardeum'),
    EXPLORER_URL: z.url().default('https://explorer.shardeum.org'),
    PAYMENT_RECIPIENT: z
      .string()
      .refine((a) => isAddress(a), { error: 'PAYMENT_RECIPIENT must be a 0x address' })
      .default(DEV_PAYMENT_RECIPIENT),
    PAYMENT_AMOUNT_SHM: z
      .string()
      .default('0.1')
      .refine((v) => /^\d+(\.\d{1,18})?$/.test(v) && parseEther(v) > 0n, { error: 'PAYMENT_AMOUNT_SHM must be a positive SHM amount' }),
    /** Confirmations a payment needs (head − block + 1); more protects against reorgs at the cost of waiting. */
    PAYMENT_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(1),
    /**
     * How often the reorg guard re-reads the transactions of unsettled grants; a grant whose transaction
     * is found still mined once it is RECONCILE_WINDOW_MS old is settled and no longer re-read.
     */
    RECONCILE_INTERVAL_MS: ms(60_000),
    RECONCILE_WINDOW_MS: ms(3_600_000),
    /**
     * A grant is withdrawn only when its transaction is found missing on reads at least this far apart
     * (a first round notes the miss, a round this much later confirms it), none finding it in between:
     * one lagging or load-balanced RPC node that answers 'not found' does not revoke a paying visitor.
     */
    RECONCILE_ABSENCE_MS: ms(30_000),
    /** A transaction this many seconds older than its intent still counts (block and server clocks differ). */
    PAYMENT_CLOCK_SKEW_S: z.coerce.number().int().min(0).default(60),
    ...identityEnvShape,
    WALLETCONNECT_PROJECT_ID: z.string().default(''),
    PUBLIC_ORIGIN: z.url().default('http://localhost:8080'),
    /** Payment sessions without a transaction one wallet may hold (initiate returns the newest beyond). */
    MAX_OPEN_INTENTS: ms(5),
    VERIFY_ATTEMPTS: ms(10),
    /** First retry delay; doubles each attempt, with up to 50 % jitter. */
    VERIFY_BACKOFF_MS: ms(1_000),
    VERIFY_CONCURRENCY: ms(4),
    /** A job whose worker stops renewing its lock this long is taken over by another worker. */
    VERIFY_LOCK_MS: ms(30_000),
    VERIFY_STALLED_INTERVAL_MS: ms(30_000),
    RPC_TIMEOUT_MS: ms(10_000),
    SSE_HEARTBEAT_MS: ms(10_000),
    /** Event streams one wallet may hold open at once on this instance; more get 429 RATE_LIMITED. */
    SSE_MAX_STREAMS_PER_WALLET: ms(5),
    /** Event streams this instance holds open at once, all wallets together. */
    SSE_MAX_STREAMS: ms(1_000),
    /** Off: an API-only replica that enqueues verifications but runs no worker. */
    WORKER_ENABLED: flag('true'),
    /**
     * What this process runs, so the API and the verification worker can scale apart from one image:
     * `all` (the API and the worker), `api` (the API only; the same as WORKER_ENABLED=false) or
     * `worker` (the verification worker and the reorg guard, with only /healthz, /readyz and /metrics over HTTP).
     */
    PAYMENTS_ROLE: z.enum(PAYMENTS_ROLES).default('all'),
  },
  { PAYMENT_RECIPIENT: DEV_PAYMENT_RECIPIENT },
).superRefine((config, ctx) => {
    if (config.PAYMENTS_ROLE === 'worker' && !config.WORKER_ENABLED) {
      ctx.addIssue({ code: 'custom', path: ['WORKER_ENABLED'], message: 'PAYMENTS_ROLE=worker needs the worker: WORKER_ENABLED must not be false' });
    }
  });
export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>;

/** Whether this process serves the payments API and whether it runs the verification worker. */
export function paymentsRole(config: Pick<PaymentsConfig, 'PAYMENTS_ROLE' | 'WORKER_ENABLED'>): { api: boolean; worker: boolean } {
  return { api: config.PAYMENTS_ROLE !== 'worker', worker: config.PAYMENTS_ROLE !== 'api' && config.WORKER_ENABLED };
}
