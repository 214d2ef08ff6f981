// What the product runs, in start order. Add a service or an infrastructure part here and both
// `npm start` and the end-to-end tests start it.
import { startChain } from './infra/chain';
import { startMongo } from './infra/mongo';
import { startRedis } from './infra/redis';
import { followsLocalNetwork, standInEnv, startStandIn, usesStandIn } from './infra/stand-in';
import type { PartHandle } from './infra/supervise';

/** Local defaults (what a person gets from `npm start`). */
export const DEFAULT_PORTS = {
  WEB_PORT: 8080,
  /** The web entry's /metrics (its public port serves none). */
  WEB_METRICS_PORT: 8090,
  GATEWAY_PORT: 8000,
  CALC_PORT: 8101,
  NETWORK_PORT: 8103,
  PAYMENTS_PORT: 8102,
  DASHBOARD_PORT: 8104,
  ALERTS_PORT: 8105,
  /** Node tracking, its own process of the network package (health and metrics only). */
  NODE_TRACKING_PORT: 8106,
  REDIS_PORT: 6380,
  MONGO_PORT: 27018,
  CHAIN_PORT: 8545,
  /** Local stand-in for the archivers and the price API (dev mode, when ARCHIVER_URLS / PRICE_API_URL are unset). */
  STAND_IN_PORT: 4100,
};

/** One port per process the product runs, by the variable that sets it. */
export type Ports = Record<keyof typeof DEFAULT_PORTS, number>;
export type PortName = keyof Ports;

/**
 * The test stack uses its own ports (defaults + TEST_PORT_OFFSET, 10000 unless set), so tests can
 * run while `npm start` is up, and two test runs with different offsets do not collide.
 */
// Linux hands out 32768–60999 to outgoing connections, so a server port there can be taken by a
// leftover client socket: a port that would land there (or past 65535) is moved below it.
const EPHEMERAL_START = 32_768;
const shifted = (port: number, offset: number): number => {
  const up = port + offset;
  if (up < EPHEMERAL_START) return up;
  return port - offset > 1024 ? port - offset : up > 65_535 ? up - 60_000 : up;
};
/** The default ports moved by `offset` (the test stack's, a load run's). */
export const offsetPorts = (offset: number): Ports =>
  Object.fromEntries(Object.entries(DEFAULT_PORTS).map(([name, port]) => [name, shifted(port, offset)])) as Ports;
export const TEST_PORT_OFFSET = Number(process.env.TEST_PORT_OFFSET ?? 10_000);
export const TEST_PORTS = offsetPorts(TEST_PORT_OFFSET);

const given = (name: string): PartHandle | undefined => {
  const url = process.env[name];
  return url ? { url, stop: () => Promise.resolve() } : undefined;
};

/** An infrastructure part: `start` brings it up (or finds it given) and its URL goes to services as `env`. */
export interface InfraPart {
  name: string;
  env: string;
  start: (ports: Ports, logDir?: string) => PartHandle | Promise<PartHandle>;
}

/** A service: `node --import tsx <entry>`, listening on `ports[port]`, ready when `ready` answers 200. */
export interface ServiceSpec {
  name: string;
  entry: string;
  port: PortName;
  ready: string;
}

/** Infrastructure: each start() returns { url, stop } and sets the env var services read. */
export const INFRA: InfraPart[] = [
  { name: 'redis', env: 'REDIS_URL', start: (ports, logDir) => startRedis({ port: ports.REDIS_PORT, logDir }) },
  // MONGO_URL / CHAIN_RPC_URL, when set, point at an existing server instead of starting one.
  { name: 'mongo', env: 'MONGO_URL', start: (ports, logDir) => given('MONGO_URL') ?? startMongo({ port: ports.MONGO_PORT, logDir }) },
  // NETWORK=mainnet|testnet: the network's own RPC from its preset, no local chain.
  ...(followsLocalNetwork()
    ? [{ name: 'chain', env: 'CHAIN_RPC_URL', start: (ports: Ports, logDir?: string) => given('CHAIN_RPC_URL') ?? startChain({ port: ports.CHAIN_PORT, logDir }) }]
    : []),
  ...(usesStandIn()
    ? [{ name: 'archiver-and-price-stand-in', env: 'ARCHIVER_URLS', start: (ports: Ports, logDir?: string) => startStandIn({ port: ports.STAND_IN_PORT, logDir }) }]
    : []),
];

/** Services: each is `node --import tsx <entry>`, ready when `ready` answers 200. */
export const SERVICES: ServiceSpec[] = [
  { name: 'calc', entry: 'services/calc/src/main.ts', port: 'CALC_PORT', ready: '/readyz' },
  { name: 'network', entry: 'services/network/src/main.ts', port: 'NETWORK_PORT', ready: '/readyz' },
  { name: 'node-tracking', entry: 'services/network/src/node-tracking/main.ts', port: 'NODE_TRACKING_PORT', ready: '/readyz' },
  { name: 'payments', entry: 'services/payments/src/main.ts', port: 'PAYMENTS_PORT', ready: '/readyz' },
  { name: 'dashboard', entry: 'services/dashboard/src/main.ts', port: 'DASHBOARD_PORT', ready: '/readyz' },
  { name: 'alerts', entry: 'services/alerts/src/main.ts', port: 'ALERTS_PORT', ready: '/readyz' },
  { name: 'gateway', entry: 'services/gateway/src/main.ts', port: 'GATEWAY_PORT', ready: '/readyz' },
  { name: 'web', entry: 'web/server/main.ts', port: 'WEB_PORT', ready: '/healthz' },
];

/** Environment every service gets: its port and the URLs of the others. */
export function serviceEnv(ports: Ports): Record<string, string> {
  const local = (port: number): string => `http://127.0.0.1:${port}`;
  return {
    ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
    CALC_URL: local(ports.CALC_PORT),
    NETWORK_URL: local(ports.NETWORK_PORT),
    PAYMENTS_URL: local(ports.PAYMENTS_PORT),
    DASHBOARD_URL: local(ports.DASHBOARD_PORT),
    ALERTS_URL: local(ports.ALERTS_PORT),
    ...standInEnv(ports.STAND_IN_PORT),
    GATEWAY_URL: local(ports.GATEWAY_PORT),
    PUBLIC_ORIGIN: `http://localhost:${ports.WEB_PORT}`,
    CORS_ORIGINS: `http://localhost:${ports.WEB_PORT},http://127.0.0.1:${ports.WEB_PORT}`,
  };
}
