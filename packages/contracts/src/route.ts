import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Every process behind the gateway; the gateway itself answers some paths too. */
export type ServiceName = 'gateway' | 'calc' | 'network' | 'payments' | 'dashboard' | 'alerts';
/**
 * Who may call: anyone; a signed-in wallet (session cookie); anyone while the payment gate is off,
 * a paid wallet otherwise; the admin (bearer token).
 */
export type RouteAuth = 'none' | 'wallet' | 'gate' | 'admin';
/** Which per-client limit the gateway counts the route against. */
export type RateLimitClass = 'admin' | 'signIn' | 'payment';

/**
 * One route of the API, everything about it in one object: what the web needs to call it (method,
 * path, the schemas that type its input and parse its reply), what the gateway routes by (service,
 * auth, flags), and what the service parses and answers. Its docs text sits beside it, in the same
 * file (`<area>/routes.ts`), as a function the docs call, so the browser's bundle leaves the text out.
 */
export interface Route {
  method: HttpMethod;
  /** Express-style path, e.g. `/api/session/:sessionId`. */
  path: string;
  /** The process that answers it. */
  service: ServiceName;
  auth: RouteAuth;
  /** A long-lived server-sent event stream: sockets of its own on every hop, capped by the gateway. */
  stream?: true;
  /** Never refused by the gateway's in-flight bound (GATEWAY_MAX_IN_FLIGHT). */
  unshed?: true;
  rateLimit?: RateLimitClass;
  /** Path placeholders (`:name` in `path`), each field `.describe()`d for the docs. */
  pathParams?: z.ZodObject;
  /** Query string fields, each `.describe()`d for the docs. */
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success reply (for a stream: one event's data). */
  reply: z.ZodType;
  /**
   * The statuses other than the success one it answers itself (the standard error shape), besides
   * those every route of its kind answers (api-docs/shared-responses.ts: 400, 401, 403, 413, 429, 502, 503).
   */
  errors: readonly number[];
  /** The success status when not 200 (201 created, 202 accepted). */
  status?: 201 | 202;
  /** The reply's Cache-Control header, when it must say one (`no-store` for a caller's own data). */
  cache?: string;
}

/** The same object under the name the services' pipeline gives it (`handler(contract, run)`). */
export type Contract = Route;

/** Types a group of routes, keeping each one's literal path and its schemas' types (for the typed client and `pathOf`). */
export const defineRoutes = <const T extends Record<string, Route>>(routes: T): T => routes;

/** The `:name` placeholders of a path, as a type: `'/a/:x/b/:y'` → `'x' | 'y'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type PathParams<P extends string> = { [K in PathParamNames<P>]: string };

/** The names of a path's placeholders, in order. */
export const pathParamNames = (path: string): string[] => (path.match(/:\w+/g) ?? []).map((placeholder) => placeholder.slice(1));

/** The concrete path of a route: each `:name` replaced by its value, URI-encoded. */
export function pathOf<R extends Pick<Route, 'path'>>(route: R, ...[params]: PathParamNames<R['path']> extends never ? [] : [PathParams<R['path']>]): string {
  const values = (params ?? {}) as Record<string, string>;
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** Every API path starts with this; the rest of a host's paths are pages, probes and metrics. */
export const API_PREFIX = '/api/';

/** The first `/api/<segment>` of a path: the gateway proxies whole prefixes to their owner. */
export const prefixOf = (path: string): string => path.split('/').slice(0, 3).join('/');
