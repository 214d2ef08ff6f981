import { z } from 'zod';
import { internalSecretSchema, portSchema } from '@shm/platform';

export const CalcConfigSchema = z.object({
  CALC_PORT: portSchema(8101),
  BIND_HOST: z.string().default('127.0.0.1'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6380'),
  /** Checks the identity header the gateway signs. */
  INTERNAL_SECRET: internalSecretSchema,
});
