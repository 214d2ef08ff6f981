// The faults, one per part: SIGKILL (or, for the RPC, the proxy cut), then the part brought back the
// way it was started. `affects` names what must work again before the part counts as recovered.
import type { ChildProcess } from 'node:child_process';
import { startRedis } from '../infra/redis';
import type { PartHandle } from '../infra/supervise';
import type { Ports } from '../processes';
import { type Env, type Stack, startService } from '../stack';
import type { RpcProxy } from './rpc-proxy';

export const FAULT_NAMES = ['calc', 'gateway', 'payments-api', 'payments-worker', 'redis', 'rpc'] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

/** What the faults act on: every process by label, the stack (whose stop ends them), and how each was started. */
export interface DrillParts {
  children: Map<string, ChildProcess>;
  stack: Stack;
  ports: Ports;
  env: Env;
  workerPorts: Ports;
  workerEnv: Env;
  logDir: string;
  redis: PartHandle;
  proxy: RpcProxy;
}

export interface Fault {
  /** What must work again before the part counts as recovered (the recorder's call kinds). */
  affects: string[];
  kill: () => Promise<void>;
  restart: () => Promise<void>;
}

const killed = (child: ChildProcess | undefined): Promise<void> =>
  new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

/** A restarted service replaces its child in `children` and joins `stack.children`, so the stack's stop ends it. */
export function faultsFor(parts: DrillParts): Record<FaultName, Fault> {
  const service = (label: string, name: string, ports = parts.ports, env = parts.env): Omit<Fault, 'affects'> => ({
    kill: () => killed(parts.children.get(label)),
    async restart() {
      const child = await startService(name, { ports, env, logDir: parts.logDir, label });
      parts.children.set(label, child);
      parts.stack.children.push(child);
    },
  });
  return {
    calc: { affects: ['calc'], ...service('calc', 'calc') },
    gateway: { affects: ['sign-in', 'calc', 'payments'], ...service('gateway', 'gateway') },
    'payments-api': { affects: ['payments'], ...service('payments', 'payments') },
    'payments-worker': {
      affects: ['confirmation'],
      ...service('payments-worker', 'payments', parts.workerPorts, parts.workerEnv),
    },
    redis: {
      affects: ['sign-in', 'calc', 'payments', 'confirmation'],
      kill: () => killed(parts.redis.child),
      async restart() {
        // Same port and data directory: the append-only file brings the data back.
        parts.redis = await startRedis({ port: parts.ports.REDIS_PORT, logDir: parts.logDir });
      },
    },
    rpc: { affects: ['confirmation'], kill: () => parts.proxy.down(), restart: () => parts.proxy.up() },
  };
}
