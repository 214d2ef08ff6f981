import { z } from 'zod';
import { DEV_INTERNAL_SECRET, internalSecretSchema, portSchema, refuseDevValuesInProduction } from '@shm/platform';

export const CalcConfigSchema = z
  .object({
    NODE_ENV: z.string().default('development'),
    CALC_PORT: portSchema(8101),
    BIND_HOST: z.string().default('127.0.0.1'),
    REDIS_URL: z.string().default('redis://127.0.0.1:6380'),
    /** Checks the identity header the gateway signs. */
    INTERNAL_SECRET: internalSecretSchema,
    /** Asked when calc's copy of the grants says "not paid" (a missed event must not deny a payer). */
    PAYMENTS_URL: z.url().default('http://127.0.0.1:8102'),
    ACCESS_CHECK_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  })
  .superRefine(refuseDevValuesInProduction({ INTERNAL_SECRET: DEV_INTERNAL_SECRET }));
