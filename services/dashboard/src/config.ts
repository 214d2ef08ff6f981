import { z } from 'zod';
import { DEV_INTERNAL_SECRET, internalSecretSchema, portSchema, refuseDevValuesInProduction } from '@shm/platform';

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const DashboardConfigSchema = z
  .object({
    NODE_ENV: z.string().default('development'),
    DASHBOARD_PORT: portSchema(8104),
    BIND_HOST: z.string().default('127.0.0.1'),
    REDIS_URL: z.string().default('redis://127.0.0.1:6380'),
    /** Keeps this service's lock keys apart on a shared Redis. */
    REDIS_KEY_PREFIX: z.string().default('dashboard:'),
    MONGO_URL: z.string().default('mongodb://127.0.0.1:27018'),
    MONGO_DB: z.string().default('shm_dashboard'),
    /** Checks the identity header the gateway signs. */
    INTERNAL_SECRET: internalSecretSchema,
    /** A wallet's write lock frees itself after this long if its holder dies mid-change. */
    WALLET_LOCK_LEASE_MS: ms(10_000),
    /** How long a write waits for the wallet's lock before answering 503. */
    WALLET_LOCK_WAIT_MS: ms(10_000),
  })
  .superRefine(refuseDevValuesInProduction({ INTERNAL_SECRET: DEV_INTERNAL_SECRET }));
export type DashboardConfig = z.infer<typeof DashboardConfigSchema>;
