import type { RequestListener } from 'node:http';
import { ErrorReplySchema, type ErrorReply } from '@shm/contracts';
import { createLogger } from '../logger';
import { listen, type RunningServer } from '../server';

/** A quiet logger for tests (LOG_LEVEL=debug shows everything). */
export const testLogger = (service = 'test') => createLogger(service, process.env.LOG_LEVEL ?? 'silent');

/**
 * A reply as tests read it. `T` is what the caller expects the body to be (usually a contract's reply
 * type); the body is parsed JSON, unchecked, so a test that needs certainty parses it with the schema.
 */
export interface JsonReply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Starts a handler on a free port and returns a JSON client for it. */
export async function startTestServer(handler: RequestListener): Promise<RunningServer & { postJson: typeof postJson }> {
  const server = await listen(handler, 0);
  return {
    ...server,
    postJson: <T = unknown>(path: string, body: unknown, headers?: Record<string, string>) => postJson<T>(`${server.url}${path}`, body, headers),
  };
}

export async function postJson<T = unknown>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonReply<T>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await readJson<T>(res) };
}

/** A response's body as JSON (undefined when empty). */
export async function readJson<T = unknown>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The standard error of a reply (`{ status, body }`) or of a bare body: checked against the contract's
 * error shape, so a test reading `.code` fails on the shape, not on an undefined, when it is something else.
 */
export function errorOf(replyOrBody: unknown): ErrorReply['error'] {
  const isReply = typeof replyOrBody === 'object' && replyOrBody !== null && 'status' in replyOrBody && 'body' in replyOrBody;
  const body = isReply ? replyOrBody.body : replyOrBody;
  ErrorReplySchema.parse(body);
  // The body itself, not the parse (which would drop keys the shape does not name).
  return (body as ErrorReply).error;
}
