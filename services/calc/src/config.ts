import { z } from 'zod';
import { identityEnvShape, portSchema, serviceEnvSchema } from '@shm/platform';

/** The shared service settings (packages/platform base-env.ts) plus calc's own. */
export const CalcConfigSchema = serviceEnvSchema({
  CALC_PORT: portSchema(8101),
  /** Keeps calc's copy of the grants apart on a shared Redis (tests give each calc its own). */
  REDIS_KEY_PREFIX: z.string().default('calc:'),
  /** Checks the identity header the gateway signs. */
  ...identityEnvShape,
});
export type CalcConfig = z.infer<typeof CalcConfigSchema>;
