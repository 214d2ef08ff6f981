import type { z } from 'zod';
import { ErrorReplySchema, pathOf, type PathParamNames, type PathParams, type Route } from '@shm/contracts';

/** A non-OK HTTP reply. The message follows spec §7: `${status}: ${bodyText || statusText}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The `error.message` of a standard error reply, when the body is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed = ErrorReplySchema.safeParse(JSON.parse(this.bodyText));
      return parsed.success ? parsed.data.error.message : undefined;
    } catch {
      return undefined;
    }
  }
}

/** An OK reply that is not what the route's contract says it answers (the cause names the fields). */
export class InvalidReplyError extends Error {
  constructor(route: Route, cause: z.ZodError) {
    super('Invalid response format', { cause });
    this.name = 'InvalidReplyError';
    this.route = `${route.method} ${route.path}`;
  }

  readonly route: string;
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

/**
 * How a request leaves: the browser's fetch by default. The server's render makes its query client
 * with one that sends the API path to the gateway as the visitor (src/entry-server.tsx), and query
 * functions pass their client's on (`meta.apiFetch`, below).
 */
export type ApiFetch = (path: string, init: RequestInit) => Promise<Response>;

declare module '@tanstack/react-query' {
  interface Register {
    /** Set on a query client's default options: what its queries' calls are sent with. */
    queryMeta: { apiFetch?: ApiFetch };
  }
}

type AllOptional<T> = Partial<T> extends T ? true : false;
type Schema<R, K extends string> = R extends { [P in K]: infer S extends z.ZodType } ? S : undefined;
/** A query the route reads (optional when every field is), and none when it reads none. */
type QueryPart<S> = S extends z.ZodType ? (AllOptional<z.input<S>> extends true ? { query?: z.input<S> } : { query: z.input<S> }) : { query?: undefined };
/** The body the route takes, and none when it takes none. */
type BodyPart<S> = S extends z.ZodType ? { body: z.input<S> } : { body?: undefined };

/** What one call of `route` takes: its path's placeholders, and its query and body as its schemas accept them. */
export type CallOptions<R extends Route> = {
  signal?: AbortSignal;
  /** Extra headers, e.g. the admin bearer token. */
  headers?: Record<string, string>;
  /** Sends the request (default: the browser's fetch). */
  fetch?: ApiFetch;
} & ([PathParamNames<R['path']>] extends [never] ? { params?: undefined } : { params: PathParams<R['path']> }) &
  QueryPart<Schema<R, 'query'>> &
  BodyPart<Schema<R, 'body'>>;

/** The reply as the route's `reply` schema parses it. */
export type ReplyOf<R extends Route> = z.output<R['reply']>;

interface Untyped {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  nullOn401?: boolean;
  fetch?: ApiFetch;
}

/**
 * The one way the SPA calls its API: method and path from the route object (placeholders filled from
 * `params`, encoded), the query and a JSON body typed by the route's schemas, cookies included, and
 * the reply parsed by the route's `reply` schema. A non-OK status raises ApiError (or, with
 * `nullOn401`, resolves null on 401, spec §7); an OK reply outside the schema raises InvalidReplyError.
 */
export function callApi<R extends Route>(route: R, options: CallOptions<R> & { nullOn401: true }): Promise<ReplyOf<R> | null>;
export function callApi<R extends Route>(
  route: R,
  ...[options]: AllOptional<CallOptions<R>> extends true ? [options?: CallOptions<R> & { nullOn401?: false }] : [options: CallOptions<R> & { nullOn401?: false }]
): Promise<ReplyOf<R>>;
export async function callApi(route: Route, options?: object): Promise<unknown> {
  const { params, query = {}, body, signal, headers = {}, nullOn401 = false, fetch: send = fetch }: Untyped = options ?? {};
  const path = (pathOf as (r: Route, values?: Record<string, string>) => string)(route, params);
  const search = new URLSearchParams(Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]]))).toString();
  const response = await send(search ? `${path}?${search}` : path, {
    method: route.method,
    credentials: 'include',
    signal,
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 401 && nullOn401) return null;
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text().catch(() => ''));
  const parsed = route.reply.safeParse(await response.json());
  if (!parsed.success) throw new InvalidReplyError(route, parsed.error);
  return parsed.data;
}
