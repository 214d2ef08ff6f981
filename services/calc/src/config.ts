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
  })
  .superRefine(refuseDevValuesInProduction({ INTERNAL_SECRET: DEV_INTERNAL_SECRET }));
