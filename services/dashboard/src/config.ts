import { z } from 'zod';
import { identityEnvShape, portSchema, serviceEnvSchema } from '@shm/platform';

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The shared service settings (packages/platform base-env.ts) plus the dashboard's own. */
export const DashboardConfigSchema = serviceEnvSchema({
  DASHBOARD_PORT: portSchema(8104),
  /** Keeps this service's lock keys apart on a shared Redis. */
  REDIS_KEY_PREFIX: z.string().default('dashboard:'),
  MONGO_URL: z.string().default('mongodb://127.0.0.1:27018'),
  MONGO_DB: z.string().default('shm_dashboard'),
  /** Checks the identity header the gateway signs. */
  ...identityEnvShape,
  /** A wallet's write lock frees itself after this long if its holder dies mid-change (renewed every third of it while a change runs). */
  WALLET_LOCK_LEASE_MS: ms(10_000),
  /** How long a write waits for the wallet's lock before answering 503. */
  WALLET_LOCK_WAIT_MS: ms(10_000),
  /** The network service, asked for the state of the nodes a portfolio links (POST /api/shardeum-network/nodes). */
  NETWORK_URL: z.url().default('http://127.0.0.1:8103'),
  /** A portfolio lists without node states when the lookup takes longer than this. */
  NETWORK_LOOKUP_TIMEOUT_MS: ms(2_000),
});
export type DashboardConfig = z.infer<typeof DashboardConfigSchema>;
