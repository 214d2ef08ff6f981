import { CALC_ENDPOINTS } from './endpoints/calc';
import type { EndpointDefinition, ServiceName } from './endpoints/types';

export * from './endpoints/types';

/** Which service owns which path prefix; the gateway proxies by this table. */
export const SERVICE_ROUTES: { prefix: string; service: Exclude<ServiceName, 'gateway'> }[] = [
  { prefix: '/api/calculations', service: 'calc' },
];

/** The whole API surface, one list (add an area's endpoints file here). */
export const API_ENDPOINTS: EndpointDefinition[] = [...CALC_ENDPOINTS];
