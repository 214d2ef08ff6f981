import { ADMIN_ENDPOINTS } from './endpoints/admin';
import { AUTH_ENDPOINTS } from './endpoints/auth';
import { CALC_ENDPOINTS } from './endpoints/calc';
import { DOCS_ENDPOINTS } from './endpoints/docs';
import { FLAGS_ENDPOINTS } from './endpoints/flags';
import type { EndpointDefinition, ServiceName } from './endpoints/types';

export * from './endpoints/types';

/** Which service owns which path prefix; the gateway proxies by this table. */
export const SERVICE_ROUTES: { prefix: string; service: Exclude<ServiceName, 'gateway'> }[] = [
  { prefix: '/api/calculations', service: 'calc' },
];

/** The whole API surface, one list (add an area's endpoints file here). */
export const API_ENDPOINTS: EndpointDefinition[] = [
  ...CALC_ENDPOINTS,
  ...FLAGS_ENDPOINTS,
  ...AUTH_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
  ...DOCS_ENDPOINTS,
];
