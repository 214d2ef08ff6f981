import { adminContract, adminRoutes } from './admin/routes';
import { apiDocsContract, apiDocsRoutes } from './api-docs/routes';
import { authContract, authRoutes } from './auth/routes';
import { calcContract, calcRoutes } from './calc/routes';
import { dashboardContract, dashboardRoutes } from './dashboard/routes';
import { flagsContract, flagsRoutes } from './flags/routes';
import { networkContract } from './network/contract';
import { networkRoutes } from './network/routes';
import { paymentContract, paymentRoutes } from './payments/routes';
import { prefixOf, type Contract, type RateLimitClass, type Route, type ServiceName } from './route';

type Area = 'calc' | 'flags' | 'network' | 'payments' | 'dashboard' | 'auth' | 'admin' | 'docs';

/** The whole API surface, in the order the docs list it (add a new area's group here). */
export const inOrder = <R>(groups: Record<Area, Record<string, R>>): R[] => {
  const { economics, projections, liveDefaults } = groups.calc as Record<keyof typeof calcRoutes, R>;
  return [
    economics,
    projections,
    ...Object.values(groups.flags),
    ...Object.values(groups.network),
    liveDefaults,
    ...Object.values(groups.payments),
    ...Object.values(groups.dashboard),
    ...Object.values(groups.auth),
    ...Object.values(groups.admin),
    ...Object.values(groups.docs),
  ];
};

/** Every route, lean (method, path, owner, flags). */
export const API_ROUTES: readonly Route[] = /* @__PURE__ */ inOrder<Route>({
  calc: calcRoutes,
  flags: flagsRoutes,
  network: networkRoutes,
  payments: paymentRoutes,
  dashboard: dashboardRoutes,
  auth: authRoutes,
  admin: adminRoutes,
  docs: apiDocsRoutes,
});

/** Every route with its schemas and error statuses. */
export const API_CONTRACT: readonly Contract[] = /* @__PURE__ */ inOrder<Contract>({
  calc: calcContract,
  flags: flagsContract,
  network: networkContract,
  payments: paymentContract,
  dashboard: dashboardContract,
  auth: authContract,
  admin: adminContract,
  docs: apiDocsContract,
});

/** Which service owns which path prefix (`/api/<first segment>`); the gateway proxies by this table. */
export const SERVICE_ROUTES: { prefix: string; service: Exclude<ServiceName, 'gateway'> }[] = /* @__PURE__ */ (() => {
  const table = new Map<string, Exclude<ServiceName, 'gateway'>>();
  for (const route of API_ROUTES) if (route.service !== 'gateway' && !table.has(prefixOf(route.path))) table.set(prefixOf(route.path), route.service);
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
