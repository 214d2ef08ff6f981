import { adminContract } from './admin/routes';
import { apiDocsContract } from './api-docs/routes';
import { authContract } from './auth/routes';
import { calcContract } from './calc/routes';
import { dashboardContract } from './dashboard/routes';
import { flagsContract } from './flags/routes';
import { networkContract } from './network/routes';
import { paymentContract } from './payments/routes';
import { priceContract } from './price/routes';
import { prefixOf, type RateLimitClass, type Route, type ServiceName } from './route';

/** Every area's group of routes, by area (a new area goes here, in `inOrder` and in api-endpoints.ts). */
const API_GROUPS = {
  calc: calcContract,
  flags: flagsContract,
  network: networkContract,
  price: priceContract,
  payments: paymentContract,
  dashboard: dashboardContract,
  auth: authContract,
  admin: adminContract,
  docs: apiDocsContract,
};
type Area = keyof typeof API_GROUPS;

/** The whole API surface, in the order the docs list it. */
export const inOrder = <R>(groups: { [A in Area]: { [K in keyof (typeof API_GROUPS)[A]]: R } }): R[] => {
  const { economics, projections, liveDefaults } = groups.calc;
  const { nodes, ...network } = groups.network;
  return [
    economics,
    projections,
    ...Object.values(groups.flags),
    ...Object.values(network),
    ...Object.values(groups.price),
    nodes,
    liveDefaults,
    ...Object.values(groups.payments),
    ...Object.values(groups.dashboard),
    ...Object.values(groups.auth),
    ...Object.values(groups.admin),
    ...Object.values(groups.docs),
  ];
};

/** Every route object. */
export const API_ROUTES: readonly Route[] = /* @__PURE__ */ inOrder<Route>(API_GROUPS);

/**
 * Which service owns which path prefix (`/api/<first segment>`); the gateway proxies by this table. A
 * route of another service under a prefix already owned (the alerts under /api/dashboard) gets the
 * next segment as a prefix of its own (/api/dashboard/alerts), which the gateway mounts first.
 */
export const SERVICE_ROUTES: { prefix: string; service: Exclude<ServiceName, 'gateway'> }[] = /* @__PURE__ */ (() => {
  const table = new Map<string, Exclude<ServiceName, 'gateway'>>();
  for (const route of API_ROUTES) {
    if (route.service === 'gateway') continue;
    let prefix = prefixOf(route.path);
    const segments = route.path.split('/');
    for (let depth = 4; table.has(prefix) && table.get(prefix) !== route.service && depth <= segments.length; depth++) prefix = segments.slice(0, depth).join('/');
    if (!table.has(prefix)) table.set(prefix, route.service);
  }
  return [...table].map(([prefix, service]) => ({ prefix, service }));
})();

/**
 * Paths that answer with a long-lived stream (server-sent events). Every proxy hop gives them sockets
 * of their own and the gateway caps how many are open, so they can never starve ordinary requests.
 */
export const STREAM_PATHS: readonly string[] = /* @__PURE__ */ API_ROUTES.filter((r) => r.stream).map((r) => r.path);

/** API paths the gateway never sheds under load (its probes are exempt too). */
export const UNSHED_API_PATHS: readonly string[] = /* @__PURE__ */ API_ROUTES.filter((r) => r.unshed).map((r) => r.path);

/** The route paths counted against one rate-limit class (express patterns, `:param` included). */
export const rateLimitedPaths = (limit: RateLimitClass): string[] => [...new Set(API_ROUTES.filter((r) => r.rateLimit === limit).map((r) => r.path))];

/** The prefixes every route of one rate-limit class sits under, when the limit covers the whole prefix. */
export const rateLimitedPrefixes = (limit: RateLimitClass): string[] => [...new Set(rateLimitedPaths(limit).map(prefixOf))];
