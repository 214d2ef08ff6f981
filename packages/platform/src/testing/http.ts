import type { RequestListener } from 'node:http';
import { createLogger } from '../logger';
import { listen, type RunningServer } from '../server';

/** A quiet logger for tests (LOG_LEVEL=debug shows everything). */
export const testLogger = (service = 'test') => createLogger(service, process.env.LOG_LEVEL ?? 'silent');

/** Starts a handler on a free port and returns a JSON client for it. */
export async function startTestServer(handler: RequestListener): Promise<RunningServer & { postJson: typeof postJson }> {
  const server = await listen(handler, 0);
  return {
    ...server,
    postJson: (path, body, headers) => postJson(`${server.url}${path}`, body, headers),
  };
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}
