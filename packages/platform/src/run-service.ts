import type { RequestListener } from 'node:http';
import type { z } from 'zod';
import { loadConfig } from './config';
import { createLogger, type Logger } from './logger';
import { metricsListener, type Metrics } from './metrics';
import { SHUTDOWN_IDLE_GRACE_MS, createLifecycle, listen, type Lifecycle } from './server';

/** What a service's compose function builds: its HTTP app, and what closes everything it opened. */
export interface ComposedService {
  app: RequestListener;
  /** The process's metrics; served on `metricsPort` when the definition names one. */
  metrics?: Metrics;
  close(): Promise<void>;
}

/** The one signature of every service's compose function, as a process runs it. */
export type Compose<Config> = (config: Config, logger: Logger, options: { isShuttingDown(): boolean }) => Promise<ComposedService>;

export interface ServiceDefinition<Schema extends z.ZodType<{ BIND_HOST: string }>> {
  /** The `service` field of every log line, and the start-up line's `<name> listening`. */
  name: string;
  configSchema: Schema;
  port(config: z.output<Schema>): number;
  compose: Compose<z.output<Schema>>;
  /**
   * A port of its own for `GET /metrics`, for a process whose own port is public (the web entry):
   * only Prometheus reaches it. Without it, the app serves /metrics itself.
   */
  metricsPort?(config: z.output<Schema>): number;
  /** The start-up line: the settings an operator checks first beside the URL, and its message when it says more than `<name> listening`. */
  listening?(config: z.output<Schema>): { fields?: Record<string, unknown>; message?: string };
  /** Logged after the start-up line: which admin wallet, a public development value still in use. */
  announce?(config: z.output<Schema>, logger: Logger): void;
}

export interface StartedService {
  url: string;
  lifecycle: Lifecycle;
}

/**
 * Starts a service the way its process does: config (failing fast on a bad variable), logger,
 * lifecycle, the composed service, then the listening server. On SIGTERM/SIGINT the server drains
 * its requests first, then the service closes what they used (hooks run last-registered first).
 * `env`, `logger` and `exit: false` are for tests, which shut down by calling `lifecycle.shutdown`.
 */
export async function startService<Schema extends z.ZodType<{ BIND_HOST: string }>>(
  definition: ServiceDefinition<Schema>,
  { env = process.env, logger = createLogger(definition.name), exit = true }: { env?: NodeJS.ProcessEnv; logger?: Logger; exit?: boolean } = {},
): Promise<StartedService> {
  const config = loadConfig(definition.configSchema, env);
  const lifecycle = createLifecycle(logger, { exit });
  const service = await definition.compose(config, logger, { isShuttingDown: lifecycle.isShuttingDown });
  lifecycle.onShutdown(() => service.close());
  const server = await listen(service.app, definition.port(config), config.BIND_HOST);
  lifecycle.onShutdown(() => server.close({ idleGraceMs: SHUTDOWN_IDLE_GRACE_MS }));
  const metricsUrl = await serveMetrics(definition.metricsPort?.(config), service.metrics, config.BIND_HOST, lifecycle);
  const { fields = {}, message = `${definition.name} listening` } = definition.listening?.(config) ?? {};
  logger.info({ url: server.url, ...(metricsUrl ? { metrics: metricsUrl } : {}), ...fields }, message);
  definition.announce?.(config, logger);
  return { url: server.url, lifecycle };
}

/** Listens with `metrics` on `port` when both are given; the scrape URL, or undefined. */
async function serveMetrics(port: number | undefined, metrics: Metrics | undefined, host: string, lifecycle: Lifecycle): Promise<string | undefined> {
  if (port === undefined) return undefined;
  if (!metrics) throw new Error('metricsPort is set but compose returned no metrics to serve there');
  const server = await listen(metricsListener(metrics), port, host);
  lifecycle.onShutdown(() => server.close());
  return `${server.url}/metrics`;
}

/** A service's `main.ts`: starts it, or prints why it could not and exits 1. */
export function runService<Schema extends z.ZodType<{ BIND_HOST: string }>>(definition: ServiceDefinition<Schema>): void {
  startService(definition).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
