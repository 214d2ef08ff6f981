import { ErrorReplySchema } from '@shm/contracts';

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

/** The one way the SPA calls its API: cookies included, JSON in and out. */
export async function apiRequest(url: string, options: RequestOptions = {}): Promise<unknown> {
  const { method = 'GET', body, signal, nullOn401 = false, headers: extra = {} } = options;
  const response = await fetch(url, {
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
