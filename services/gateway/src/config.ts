import { z } from 'zod';
import { portSchema } from '@shm/platform';

const list = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));

export const GatewayConfigSchema = z.object({
  GATEWAY_PORT: portSchema(8000),
  BIND_HOST: z.string().default('127.0.0.1'),
  CALC_URL: z.url().default('http://127.0.0.1:8101'),
  /** Browser origins allowed to call the API with credentials. */
  CORS_ORIGINS: list.default(['http://localhost:8080', 'http://127.0.0.1:8080']),
  /** Largest request body the gateway lets through, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(64 * 1024),
  /** How long an upstream may take to answer before the caller gets a 504. */
  PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
});
export type GatewayConfig = z.infer<typeof GatewayConfigSchema>;

export const serviceUrls = (config: GatewayConfig) => ({ calc: config.CALC_URL });
