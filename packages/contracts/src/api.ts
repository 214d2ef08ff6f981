import { ADMIN_ENDPOINTS } from './endpoints/admin';
import { AUTH_ENDPOINTS } from './endpoints/auth';
import { CALC_ENDPOINTS } from './endpoints/calc';
import { DASHBOARD_ENDPOINTS } from './endpoints/dashboard';
import { DOCS_ENDPOINTS } from './endpoints/docs';
import { FLAGS_ENDPOINTS } from './endpoints/flags';
import { NETWORK_ENDPOINTS } from './endpoints/network';
import { PAYMENTS_ENDPOINTS } from './endpoints/payments';
import type { EndpointDefinition, ServiceName } from './endpoints/types';

export * from './endpoints/types';

/** Which service owns which path prefix; the gateway proxies by this table. */
export const SERVICE_ROUTES: { prefix: string; service: Exclude<ServiceName, 'gateway'> }[] = [
  { prefix: '/api/calculations', service: 'calc' },
  { prefix: '/api/shardeum-network', service: 'network' },
  { prefix: '/api/shm-price', service: 'network' },
  { prefix: '/api/walletconnect-config', service: 'payments' },
  { prefix: '/api/wallet', service: 'payments' },
  { prefix: '/api/payment', service: 'payments' },
  { prefix: '/api/verify-payment', service: 'payments' },
  { prefix: '/api/session', service: 'payments' },
  { prefix: '/api/check-payment-status', service: 'payments' },
  { prefix: '/api/dashboard', service: 'dashboard' },
];

/**
 * Paths that answer with a long-lived stream (server-sent events). Every proxy hop gives them sockets
 * of their own and the gateway caps how many are open, so they can never starve ordinary requests.
 */
export const STREAM_PATHS: readonly string[] = ['/api/payment/events'];

/** The whole API surface, one list (add an area's endpoints file here). */
export const API_ENDPOINTS: EndpointDefinition[] = [
  ...CALC_ENDPOINTS,
  ...FLAGS_ENDPOINTS,
  ...NETWORK_ENDPOINTS,
  ...PAYMENTS_ENDPOINTS,
  ...DASHBOARD_ENDPOINTS,
  ...AUTH_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
  ...DOCS_ENDPOINTS,
];
