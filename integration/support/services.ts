import { randomBytes } from 'node:crypto';
import { IDENTITY_HEADER } from '@shm/contracts';
import { composeAlertsService } from '@shm/alerts/compose';
import { AlertsConfigSchema } from '@shm/alerts/config';
import { composeCalcService, type CalcComposeOptions } from '@shm/calc/compose';
import { CalcConfigSchema } from '@shm/calc/config';
import { composeDashboardService } from '@shm/dashboard/compose';
import { DashboardConfigSchema } from '@shm/dashboard/config';
import { composeGateway } from '@shm/gateway/compose';
import { GatewayConfigSchema } from '@shm/gateway/config';
import { composeNetworkService } from '@shm/network/compose';
import { NetworkConfigSchema } from '@shm/network/config';
import { composePaymentsService } from '@shm/payments/compose';
import { PaymentsConfigSchema } from '@shm/payments/config';
import { listen, loadConfig, signIdentity, type Logger, type RunningServer, type ServiceApp } from '@shm/platform';
import { connectMongo } from '@shm/platform/mongo';
import { testLogger } from '@shm/platform/testing';
import { CHAIN_RPC_URL, MONGO_URL, REDIS_URL, SECRET, testId } from './env';

/** A composed service: its app (not listening) and how to let go of its connections. */
export interface Composed {
  app: ServiceApp;
  close(): Promise<void>;
}

/** A composed service listening on a free port. */
export interface Started extends RunningServer {
  /** Closes the server (open connections included), then the service. */
  stop(): Promise<void>;
}

export async function start(service: Composed): Promise<Started> {
  const server = await listen(service.app, 0);
  return {
    ...server,
    async stop() {
      server.server.closeAllConnections();
      await server.close();
      await service.close();
    },
  };
}

/** Each service through its public compose function, against the test infrastructure, with keys of its own. */
export const compose = {
  calc: (env: Record<string, string> = {}, options: CalcComposeOptions = {}, logger: Logger = testLogger('calc')) =>
    composeCalcService(loadConfig(CalcConfigSchema, { REDIS_URL, REDIS_KEY_PREFIX: `test-calc-${testId()}:`, INTERNAL_SECRET: SECRET, ...env }), logger, options),
  gateway: (env: Record<string, string> = {}, logger: Logger = testLogger('gateway')) =>
    composeGateway(loadConfig(GatewayConfigSchema, { REDIS_URL, REDIS_KEY_PREFIX: `test-gateway-${testId()}:`, INTERNAL_SECRET: SECRET, ...env }), logger),
  network: async (env: Record<string, string> = {}) => {
    const id = testId();
    const config = loadConfig(NetworkConfigSchema, { REDIS_URL, MONGO_URL, REDIS_KEY_PREFIX: `test-network-${id}:`, MONGO_DB: `network_it_${id}`, POLLING_ENABLED: 'false', ...env });
    const service = await composeNetworkService(config, testLogger('network'));
    // `service` too: a test drives its polls and tracking runs (pollNetworkNow, trackNodesNow).
    return { app: service.app, service, close: () => service.close().then(() => dropDatabase(config.MONGO_URL, config.MONGO_DB)) };
  },
  payments: async (env: Record<string, string> = {}, options: { now?: () => Date } = {}, logger: Logger = testLogger('payments')) => {
    const id = testId();
    const config = loadConfig(PaymentsConfigSchema, {
      REDIS_URL,
      MONGO_URL,
      CHAIN_RPC_URL,
      REDIS_KEY_PREFIX: `test-payments-${id}:`,
      MONGO_DB: `payments_it_${id}`,
      INTERNAL_SECRET: SECRET,
      ...env,
    });
    const service = await composePaymentsService(config, logger, options);
    return { app: service.app, close: () => service.close().then(() => dropDatabase(config.MONGO_URL, config.MONGO_DB)) };
  },
  dashboard: async (env: Record<string, string> = {}) => {
    const id = testId();
    const config = loadConfig(DashboardConfigSchema, { REDIS_URL, MONGO_URL, REDIS_KEY_PREFIX: `test-dashboard-${id}:`, MONGO_DB: `dashboard_it_${id}`, INTERNAL_SECRET: SECRET, ...env });
    const service = await composeDashboardService(config, testLogger('dashboard'), { instance: id });
    return { app: service.app, close: () => service.close().then(() => dropDatabase(config.MONGO_URL, config.MONGO_DB)) };
  },
  alerts: async (env: Record<string, string> = {}) => {
    const id = testId();
    const config = loadConfig(AlertsConfigSchema, {
      REDIS_URL,
      MONGO_URL,
      REDIS_KEY_PREFIX: `test-alerts-${id}:`,
      ALERT_QUEUE_PREFIX: `test-alerts-${id}:bull`,
      MONGO_DB: `alerts_it_${id}`,
      INTERNAL_SECRET: SECRET,
      ...env,
    });
    const service = await composeAlertsService(config, testLogger('alerts'), { instance: id });
    return { app: service.app, close: () => service.close().then(() => dropDatabase(config.MONGO_URL, config.MONGO_DB)) };
  },
};

async function dropDatabase(url: string, name: string): Promise<void> {
  const mongo = await connectMongo(url, name);
  await mongo.dropDatabase();
  await mongo.close();
}

/** A distinct client address per test, so rate-limit counts never leak between tests. */
export const clientIp = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

/** The payments service as its component tests start it: fast retries, a short wait for the worker. */
export const startPayments = async (env: Record<string, string> = {}, options: { now?: () => Date } = {}, logger?: Logger) =>
  start(await compose.payments({ VERIFY_BACKOFF_MS: '100', VERIFY_ATTEMPTS: '5', RPC_TIMEOUT_MS: '2000', ...env }, options, logger));

/** Calls a service at `url` as the gateway does for a signed-in wallet: the identity header signed with the shared secret. */
export async function callAs<T>(url: string, wallet: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', [IDENTITY_HEADER]: signIdentity({ wallet }, SECRET) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}
