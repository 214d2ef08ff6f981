/** Limits every call to an outside system obeys. */
export interface UpstreamLimits {
  timeoutMs: number;
  maxBytes: number;
}

export class UpstreamError extends Error {
  override name = 'UpstreamError';
}

/** A non-2xx, non-redirect reply: callers that react to the status (a 429) need it and `Retry-After`. */
export class UpstreamHttpError extends UpstreamError {
  override name = 'UpstreamHttpError';
  constructor(
    message: string,
    readonly status: number,
    /** The raw `Retry-After` header, when the reply had one. */
    readonly retryAfter?: string,
  ) {
    super(message);
  }
}

export interface FetchOptions {
  /** Extra request headers (an API key); they cannot replace `accept` or `content-type`. */
  headers?: Record<string, string>;
}

/**
 * The URL of `path` under a base (keeping any base path) with a query. It must stay on the base's
 * origin, so nothing but a known host is ever called: a configured base, or an archiver named by a
 * signed archiver list (the signature, not this function, is what vouches for that one).
 */
export function upstreamUrl(base: string, path: string, query: Record<string, string> = {}): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  if (url.origin !== new URL(base).origin) throw new UpstreamError(`refusing to call ${url.origin}`);
  return url;
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new UpstreamError(`reply of ${declared} bytes is over the ${maxBytes}-byte cap`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new UpstreamError(`reply is over the ${maxBytes}-byte cap`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * GET (or POST with a JSON body) and parse JSON, with a timeout covering the whole exchange, a cap
 * on the reply size and no redirects followed. Any failure is an UpstreamError.
 */
export async function fetchJson(url: URL, limits: UpstreamLimits, body?: unknown, options: FetchOptions = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...options.headers, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(limits.timeoutMs),
    });
  } catch (err) {
    throw new UpstreamError(`${url.origin}${url.pathname}: ${(err as Error).name === 'TimeoutError' ? 'timed out' : (err as Error).message}`);
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new UpstreamError(`${url.pathname}: redirect (${response.status}) not followed`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new UpstreamHttpError(`${url.pathname}: HTTP ${response.status}`, response.status, response.headers.get('retry-after') ?? undefined);
  }
  let text: string;
  try {
    text = await readCapped(response, limits.maxBytes);
  } catch (err) {
    if (err instanceof UpstreamError) throw err;
    throw new UpstreamError(`${url.pathname}: ${(err as Error).name === 'TimeoutError' ? 'timed out' : (err as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UpstreamError(`${url.pathname}: reply is not JSON`);
  }
}
