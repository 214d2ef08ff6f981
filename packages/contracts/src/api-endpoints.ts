import { adminDocs } from './admin/docs';
import { adminContract } from './admin/routes';
import { apiDocsDocs } from './api-docs/docs';
import { apiDocsContract } from './api-docs/routes';
import { withSharedResponses } from './api-docs/shared-responses';
import { inOrder } from './api';
import { authDocs } from './auth/docs';
import { authContract } from './auth/routes';
import { calcDocs } from './calc/docs';
import { calcContract } from './calc/routes';
import { dashboardDocs } from './dashboard/docs';
import { dashboardContract } from './dashboard/routes';
import type { EndpointDefinition, EndpointDoc } from './docs-types';
import { ErrorReplySchema } from './errors';
import { flagsDocs } from './flags/docs';
import { flagsContract } from './flags/routes';
import { networkContract } from './network/contract';
import { networkDocs } from './network/docs';
import { paymentDocs } from './payments/docs';
import { paymentContract } from './payments/routes';
import type { Contract } from './route';

/** Each area's route objects beside its docs entries, by the same keys. */
export const API_AREAS = {
  calc: { contract: calcContract, docs: calcDocs },
  flags: { contract: flagsContract, docs: flagsDocs },
  network: { contract: networkContract, docs: networkDocs },
  payments: { contract: paymentContract, docs: paymentDocs },
  dashboard: { contract: dashboardContract, docs: dashboardDocs },
  auth: { contract: authContract, docs: authDocs },
  admin: { contract: adminContract, docs: adminDocs },
  docs: { contract: apiDocsContract, docs: apiDocsDocs },
} satisfies Record<string, { contract: Record<string, Contract>; docs: Record<string, EndpointDoc> }>;

/** A route object and its docs entry, as the docs page and OpenAPI read them. */
export function joinDocs(route: Contract, doc: EndpointDoc): EndpointDefinition {
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

const joined = ({ contract, docs }: { contract: Record<string, Contract>; docs: Record<string, EndpointDoc> }) =>
  Object.fromEntries(Object.entries(contract).map(([key, route]) => [key, joinDocs(route, docs[key]!)]));

/** The whole API surface as documented: every route joined with its docs, in the docs' order. */
export const API_ENDPOINTS: EndpointDefinition[] = /* @__PURE__ */ inOrder({
  calc: joined(API_AREAS.calc),
  flags: joined(API_AREAS.flags),
  network: joined(API_AREAS.network),
  payments: joined(API_AREAS.payments),
  dashboard: joined(API_AREAS.dashboard),
  auth: joined(API_AREAS.auth),
  admin: joined(API_AREAS.admin),
  docs: joined(API_AREAS.docs),
});
