import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './logger';

export interface RunningServer {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Listens on a port (0 picks a free one) and resolves once bound. */
export function listen(handler: RequestListener, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  const server = createServer(handler);
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const bound = (server.address() as AddressInfo).port;
      resolve({
        server,
        port: bound,
        url: `http://${host}:${bound}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}

export interface Lifecycle {
  isShuttingDown(): boolean;
  /** Registers cleanup; hooks run in reverse order of registration (last opened, first closed). */
  onShutdown(hook: () => Promise<void> | void): void;
  shutdown(reason: string): Promise<void>;
}

/** Graceful shutdown on SIGTERM/SIGINT with a hard-exit backstop. */
export function createLifecycle(logger: Logger, { timeoutMs = 10_000, exit = true } = {}): Lifecycle {
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
