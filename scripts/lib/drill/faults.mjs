// The faults, one per part: SIGKILL (or, for the RPC, the proxy cut), then the part brought back the
// way it was started. `affects` names what must work again before the part counts as recovered.
import { startRedis } from '../infra/redis.mjs';
import { startService } from '../stack.mjs';

export const FAULT_NAMES = ['calc', 'gateway', 'payments-api', 'payments-worker', 'redis', 'rpc'];

const killed = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode) return resolve();
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });

/**
 * `parts`: { children: Map<label, child>, stack, ports, env, logDir, redis, proxy }. A restarted
 * service replaces its child in `children` and joins `stack.children`, so the stack's stop ends it.
 */
export function faultsFor(parts) {
  const service = (label, name, ports = parts.ports, env = parts.env) => ({
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
