import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { portSchema } from '@shm/platform';

export const WebConfigSchema = z.object({
  WEB_PORT: portSchema(8080),
  BIND_HOST: z.string().default('127.0.0.1'),
  GATEWAY_URL: z.url().default('http://127.0.0.1:8000'),
  WEB_DIST: z.string().default(fileURLToPath(new URL('../dist', import.meta.url))),
  PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
});
export type WebConfig = z.infer<typeof WebConfigSchema>;
