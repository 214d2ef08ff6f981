import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './logger';
import { createDrainableServer, type ShutdownDrainOptions } from './server-drain';

export interface RunningServer {
  server: Server;
  port: number;
  url: string;
  /**
   * Stops accepting connections and resolves once every request in flight has had its whole reply
   * (server-drain.ts). Shutdown passes `idleGraceMs` (SHUTDOWN_IDLE_GRACE_MS); a test need not.
   */
  close(options?: ShutdownDrainOptions): Promise<void>;
}

/** How long a process being stopped keeps its idle keep-alive connections open (see ShutdownDrainOptions). */
export const SHUTDOWN_IDLE_GRACE_MS = 1_000;

/** Listens on a port (0 picks a free one) and resolves once bound. */
export function listen(handler: RequestListener, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  const { server, drain } = createDrainableServer(handler);
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const bound = (server.address() as AddressInfo).port;
      resolve({ server, port: bound, url: `http://${host}:${bound}`, close: drain });
    });
  });
}

export interface Lifecycle {
  isShuttingDown: () => boolean;
  /** Registers cleanup; hooks run in reverse order of registration (last opened, first closed). */
  onShutdown(hook: () => Promise<void> | void): void;
  shutdown(reason: string): Promise<void>;
}

/** The shutdown budget: past it the process exits 1 with whatever is left undone (10 s). */
const shutdownTimeoutMs = () => Number(process.env.SHUTDOWN_TIMEOUT_MS) || 10_000;

/**
 * Graceful shutdown on SIGTERM/SIGINT with a hard-exit backstop after `timeoutMs`
 * (SHUTDOWN_TIMEOUT_MS; keep it below the orchestrator's grace period minus any preStop pause).
 */
export function createLifecycle(logger: Logger, { timeoutMs = shutdownTimeoutMs(), exit = true } = {}): Lifecycle {
  const hooks: (() => Promise<void> | void)[] = [];
  let shuttingDown = false;
  const lifecycle: Lifecycle = {
    isShuttingDown: () => shuttingDown,
    onShutdown: (hook) => void hooks.push(hook),
    async shutdown(reason) {
      if (shuttingDown) return;
      shuttingDown = true;
      logger.info({ reason }, 'shutting down');
      const backstop = setTimeout(() => {
        logger.error('shutdown timed out; exiting');
        process.exit(1);
      }, timeoutMs);
      backstop.unref();
      for (const hook of hooks.reverse()) {
        try {
          await hook();
        } catch (err) {
          logger.error({ err }, 'shutdown hook failed');
        }
      }
      clearTimeout(backstop);
      if (exit) process.exit(0);
    },
  };
  if (exit) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void lifecycle.shutdown(signal));
  }
  return lifecycle;
}
