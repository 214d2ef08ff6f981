import { ErrorCode, ErrorReplySchema } from '../errors';
import { validationError, type EndpointResponse } from '../docs-types';
import type { RateLimitClass, Route } from '../route';

const errorExample = (code: ErrorCode, message: string) => ({ error: { code, message, requestId: '5f0c…' } });
const reply = (status: number, description: string, code: ErrorCode, message: string): EndpointResponse => ({
  status,
  description,
  schema: ErrorReplySchema,
  example: errorExample(code, message),
});

/** A status a route answers because of what its route object says, and what it adds to an entry that already lists the status. */
interface SharedResponse {
  response: EndpointResponse;
  /** Appended to the description of an entry that lists the status for a reason of its own. */
  alsoWhen?: string;
}

const rateLimits: Record<RateLimitClass, string> = {
  admin: 'More than 20 admin requests from this IP in 15 minutes; see Retry-After',
  signIn: 'Too many sign-in calls from this IP in the window (SIGN_IN_RATE_LIMIT per SIGN_IN_RATE_WINDOW_S, 600 per 5 minutes by default); see Retry-After',
  payment: 'Too many payment calls by this wallet (by this IP without a session) in the window (PAYMENT_RATE_LIMIT per PAYMENT_RATE_WINDOW_S, 120 per 5 minutes by default); see Retry-After',
};

const crossSite = 'a browser sent this write from a site that is not ours (its Origin is not the public origin or a CORS origin: FORBIDDEN)';
const overloaded = 'the gateway has as many requests in flight as it takes (OVERLOADED; see Retry-After)';

/**
 * The statuses a route answers for what its route object says, before or beside its handler: the
 * pipeline's validation (400) and sign-in checks (401), and the gateway's guards in front of every
 * route (cross-site writes 403, body limit 413, rate limits 429, its proxy 502, load shedding and a
 * store out of reach 503).
 */
function sharedResponses(route: Route): SharedResponse[] {
  const shared: SharedResponse[] = [];
  if (route.pathParams || route.query || route.body) shared.push({ response: validationError });
  if (route.auth === 'wallet') shared.push({ response: reply(401, 'No wallet is signed in', ErrorCode.UNAUTHORIZED, 'Sign in with your wallet first') });
  if (route.auth === 'admin') shared.push({ response: reply(401, 'No admin token, or one that expired or was logged out', ErrorCode.UNAUTHORIZED, 'Admin token required') });
  if (route.method !== 'GET') {
    shared.push({ response: reply(403, `Cross-site request refused: ${crossSite}`, ErrorCode.FORBIDDEN, 'Cross-site request refused'), alsoWhen: crossSite });
  }
  if (route.body) {
    // No example: its message would stand beside the docs page's "Request Body" heading, saying the same words.
    shared.push({ response: { status: 413, description: 'The body is larger than the gateway takes (BODY_LIMIT_BYTES, 64 KiB by default): PAYLOAD_TOO_LARGE', schema: ErrorReplySchema } });
  }
  if (route.rateLimit) shared.push({ response: reply(429, rateLimits[route.rateLimit], ErrorCode.RATE_LIMITED, 'Too many requests, please try again later.') });
  if (route.service !== 'gateway') {
    shared.push({ response: reply(502, `The ${route.service} service did not answer (down, or silent past the gateway's PROXY_TIMEOUT_MS)`, ErrorCode.UPSTREAM_UNAVAILABLE, `The ${route.service} service is unavailable`) });
  }
  const store = route.service === 'gateway' ? 'Redis cannot be reached' : 'a store it needs (Redis, MongoDB) cannot be reached';
  const busy = route.unshed ? `${store}, or the gateway has no free connection to the service` : `${store}, or ${overloaded}`;
  shared.push({
    response: reply(503, `Unavailable for now: ${busy}; try again shortly`, ErrorCode.SERVICE_UNAVAILABLE, 'The service is unavailable right now; try again shortly'),
    alsoWhen: route.unshed ? undefined : overloaded,
  });
  return shared;
}

/**
 * A route's documented responses with the shared ones added, by status: an entry's own description
 * of a status stays (with the shared cause appended where it is another one), and the rest come in.
 */
export function withSharedResponses(route: Route, own: EndpointResponse[]): EndpointResponse[] {
  const byStatus = new Map(own.map((response) => [response.status, response]));
  for (const { response, alsoWhen } of sharedResponses(route)) {
    const mine = byStatus.get(response.status);
    if (!mine) byStatus.set(response.status, response);
    else if (alsoWhen && !mine.description.includes(alsoWhen)) byStatus.set(response.status, { ...mine, description: `${mine.description}; or ${alsoWhen}` });
  }
  return [...byStatus.values()].sort((a, b) => a.status - b.status);
}

/** Every error status a route can answer: its own (`errors`) and the shared ones. */
export const errorStatusesOf = (route: Route): number[] =>
  [...new Set([...route.errors, ...sharedResponses(route).map((shared) => shared.response.status)])].sort((a, b) => a - b);
