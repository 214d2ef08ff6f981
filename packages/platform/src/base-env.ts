import { z } from 'zod';
import { refuseDevValuesInProduction } from './config';
import { DEV_INTERNAL_SECRET, internalSecretSchema } from './identity';
import { NETWORKS } from './network-presets';

/** pino's levels, and `silent`: an unknown level would otherwise only fail inside the logger. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * What every process of the product reads from its environment (the web server included). LOG_LEVEL
 * and SHUTDOWN_TIMEOUT_MS are read by the logger and the lifecycle themselves; they are here so a bad
 * value stops the process at start, like every other setting.
 */
export const processEnvShape = {
  NODE_ENV: z.string().default('development'),
  /** The Shardeum network followed; its preset fills in the settings left unset (network-presets.ts). */
  NETWORK: z.enum(NETWORKS).default('local'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  BIND_HOST: z.string().default('127.0.0.1'),
  /** The shutdown budget: past it the process exits 1 with whatever is left undone. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
};

/** Every service behind the gateway also keeps its state, streams and queues in the shared Redis. */
export const serviceEnvShape = {
  ...processEnvShape,
  REDIS_URL: z.string().default('redis://127.0.0.1:6380'),
};

/** For the services that sign or check the gateway's identity header (all but network). */
export const identityEnvShape = {
  INTERNAL_SECRET: internalSecretSchema,
};

/**
 * A service's env schema: the shared part plus its own fields, refusing with NODE_ENV=production every
 * public development value it still holds: INTERNAL_SECRET whenever the schema has one, plus the
 * service's own (`devValues`, e.g. the Hardhat wallets).
 */
export function serviceEnvSchema<Shape extends z.ZodRawShape>(shape: Shape, devValues: Record<string, string> = {}) {
  const refuse = refuseDevValuesInProduction({ INTERNAL_SECRET: DEV_INTERNAL_SECRET, ...devValues });
  // NODE_ENV comes from serviceEnvShape; zod cannot see that through the generic shape.
  return z.object({ ...serviceEnvShape, ...shape }).superRefine((config, ctx) => refuse(config as { NODE_ENV: string }, ctx));
}
