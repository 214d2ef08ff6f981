/**
 * An outside source refused the call as too frequent (HTTP 429). It lives in the domain because the
 * poller decides what to do about it (wait, skip polls); the clients only report it.
 */
export class RateLimitedError extends Error {
  override name = 'RateLimitedError';
  constructor(
    message: string,
    /** How long the source asked us to wait (`Retry-After`); undefined when it did not say. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}
