import { adminContract, adminDocs } from './admin/routes';
import { apiDocsContract, apiDocsDocs } from './api-docs/routes';
import { withSharedResponses } from './api-docs/shared-responses';
import { inOrder } from './api';
import { authContract, authDocs } from './auth/routes';
import { calcContract, calcDocs } from './calc/routes';
import { dashboardContract, dashboardDocs } from './dashboard/routes';
import type { EndpointDefinition, EndpointDoc, RouteDocs } from './docs-types';
import { ErrorReplySchema } from './errors';
import { flagsContract, flagsDocs } from './flags/routes';
import { networkContract, networkDocs } from './network/routes';
import { paymentContract, paymentDocs } from './payments/routes';
import { priceContract, priceDocs } from './price/routes';
import type { Route } from './route';

/** A route object and its docs entry, as the docs page and OpenAPI read them. */
function joinDocs(route: Route, doc: EndpointDoc): EndpointDefinition {
  const { method, path, service, auth, pathParams, query, body, reply } = route;
  return {
    category: doc.category,
    method,
    path,
    title: doc.title,
    description: doc.description,
    service,
    ...(doc.authentication === undefined ? {} : { authentication: doc.authentication }),
    ...(auth === 'admin' ? { adminOnly: true } : {}),
    ...(pathParams ? { pathParams } : {}),
    ...(query ? { query } : {}),
    ...(body ? { body } : {}),
    ...(doc.bodyExample === undefined ? {} : { bodyExample: doc.bodyExample }),
    // The success reply is the route's; every error is the standard error shape. The statuses every
    // route of its kind answers (validation, sign-in, the gateway's guards) are added to its own.
    responses: withSharedResponses(route, doc.responses).map((r) => ({ ...r, schema: r.schema ?? (r.status < 400 ? reply : ErrorReplySchema) })),
  };
}

/** One area's routes joined with their docs entries, by the routes' keys. */
function documented<T extends Record<string, Route>>(routes: T, docs: RouteDocs<T>): { [K in keyof T]: EndpointDefinition } {
  const out = {} as { [K in keyof T]: EndpointDefinition };
  for (const [key, route] of Object.entries(routes) as [keyof T, Route][]) out[key] = joinDocs(route, docs[key]);
  return out;
}

/** The whole API surface as documented: every route joined with its docs, in the docs' order. */
export const API_ENDPOINTS: EndpointDefinition[] = /* @__PURE__ */ inOrder({
  calc: documented(calcContract, calcDocs()),
  flags: documented(flagsContract, flagsDocs()),
  network: documented(networkContract, networkDocs()),
  price: documented(priceContract, priceDocs()),
  payments: documented(paymentContract, paymentDocs()),
  dashboard: documented(dashboardContract, dashboardDocs()),
  auth: documented(authContract, authDocs()),
  admin: documented(adminContract, adminDocs()),
  docs: documented(apiDocsContract, apiDocsDocs()),
});
