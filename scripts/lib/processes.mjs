// What the product runs, in start order. Add a service or an infrastructure part here and both
// `npm start` and the end-to-end tests start it.
import { startRedis } from './infra/redis.mjs';

/** Local defaults (what a person gets from `npm start`). */
export const DEFAULT_PORTS = {
  WEB_PORT: 8080,
  GATEWAY_PORT: 8000,
  CALC_PORT: 8101,
  REDIS_PORT: 6380,
};

/**
 * The test stack uses its own ports (defaults + TEST_PORT_OFFSET, 10000 unless set), so tests can
 * run while `npm start` is up, and two test runs with different offsets do not collide.
 */
const offset = Number(process.env.TEST_PORT_OFFSET ?? 10_000);
export const TEST_PORTS = Object.fromEntries(Object.entries(DEFAULT_PORTS).map(([k, v]) => [k, v + offset]));

/** Infrastructure: each start() returns { url, stop } and sets the env var services read. */
export const INFRA = [
  { name: 'redis', env: 'REDIS_URL', start: (ports, logDir) => startRedis({ port: ports.REDIS_PORT, logDir }) },
];

/** Services: each is `node --import tsx <entry>`, ready when `ready` answers 200. */
export const SERVICES = [
  { name: 'calc', entry: 'services/calc/src/main.ts', port: 'CALC_PORT', ready: '/readyz' },
  { name: 'gateway', entry: 'services/gateway/src/main.ts', port: 'GATEWAY_PORT', ready: '/readyz' },
  { name: 'web', entry: 'web/server/main.ts', port: 'WEB_PORT', ready: '/healthz' },
];

/** Environment every service gets: its port and the URLs of the others. */
export function serviceEnv(ports) {
  const local = (port) => `http://127.0.0.1:${port}`;
  return {
    ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    CALC_URL: local(ports.CALC_PORT),
    GATEWAY_URL: local(ports.GATEWAY_PORT),
    PUBLIC_ORIGIN: `http://localhost:${ports.WEB_PORT}`,
    CORS_ORIGINS: `http://localhost:${ports.WEB_PORT},http://127.0.0.1:${ports.WEB_PORT}`,
  };
}
