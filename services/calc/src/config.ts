import { z } from 'zod';
import { portSchema } from '@shm/platform';

export const CalcConfigSchema = z.object({
  CALC_PORT: portSchema(8101),
  BIND_HOST: z.string().default('127.0.0.1'),
});
