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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Resolve with null on 401 instead of raising (spec §7). */
  nullOn401?: boolean;
  /** Extra headers, e.g. the admin bearer token. */
  headers?: Record<string, string>;
}

/** How a request leaves: the browser's fetch; the server's render sends it to the gateway instead (src/entry-server.tsx). */
let transport: typeof fetch = (input, init) => fetch(input, init);
export const setApiTransport = (send: typeof fetch) => {
  transport = send;
};

/** The one way the SPA calls its API: cookies included, JSON in and out. */
export async function apiRequest(url: string, options: RequestOptions = {}): Promise<unknown> {
  const { method = 'GET', body, signal, nullOn401 = false, headers: extra = {} } = options;
  const response = await transport(url, {
    method,
    credentials: 'include',
    signal,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...extra,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 401 && nullOn401) return null;
  if (!response.ok) {
    const bodyText = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, bodyText);
  }
  return response.json();
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

export type CallOptions = Omit<RequestOptions, 'method'> & {
  /** Query string fields (appended as `?a=1&b=2`). */
  query?: Record<string, string>;
};
type CallArgs<R extends Route> = PathParamNames<R['path']> extends never
  ? [options?: CallOptions]
  : [options: CallOptions & { params: PathParams<R['path']> }];

/**
 * Calls one route of the API: method and path from its route object (contracts), placeholders
 * filled from `params` (encoded). The one place the SPA turns a route into a URL.
 */
export function callApi<R extends Route>(route: R, ...[options]: CallArgs<R>): Promise<unknown> {
  const { params, query, ...rest } = (options ?? {}) as CallOptions & { params?: Record<string, string> };
  const path = (pathOf as (r: Route, p?: Record<string, string>) => string)(route, params);
  return apiRequest(query ? `${path}?${new URLSearchParams(query)}` : path, { ...rest, method: route.method });
}
