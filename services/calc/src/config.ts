import { z } from 'zod';
import { identityEnvShape, portSchema, serviceEnvSchema } from '@shm/platform';

/** The shared service settings (packages/platform base-env.ts) plus calc's own. */
export const CalcConfigSchema = serviceEnvSchema({
  CALC_PORT: portSchema(8101),
  /** Keeps calc's copy of the grants apart on a shared Redis (tests give each calc its own). */
  REDIS_KEY_PREFIX: z.string().default('calc:'),
  /** Checks the identity header the gateway signs. */
  ...identityEnvShape,
  /** Asked when calc's copy of the grants says "not paid" (a missed event must not deny a payer). */
  PAYMENTS_URL: z.url().default('http://127.0.0.1:8102'),
  ACCESS_CHECK_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
});
export type CalcConfig = z.infer<typeof CalcConfigSchema>;
