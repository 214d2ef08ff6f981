import http from 'node:http';
import { gzipSync } from 'node:zlib';
import express from 'express';
import { ErrorCode } from '@shm/contracts';
import { z } from 'zod';
import { errorMiddleware, notFoundHandler } from './error-middleware';
import { createMetrics } from './metrics';
import { handler } from './route-handler';
import { expressRoutes } from './route-transports';
import { createServiceApp } from './service-app';
import { postChunked } from './testing/raw-http';
import { startTestServer, testLogger } from './testing/http';

// The same routes served by a service app (the lean transport for the ordinary request) and by
// express alone: every reply must match.
const base = { service: 'calc', auth: 'none', errors: [400] } as const;
const routes = [
  handler({ ...base, method: 'POST', path: '/sum', body: z.object({ a: z.number(), b: z.number() }), reply: z.object({ total: z.number() }) }, ({ body: { a, b } }) => ({
    total: a + b,
  })),
  handler({ ...base, method: 'GET', path: '/read', reply: z.object({ value: z.number() }) }, async () => ({ value: 42 })),
];

async function servers() {
  const logger = testLogger();
  const lean = await startTestServer(createServiceApp({ name: 'lean', logger, metrics: createMetrics('lean'), routes, jsonLimitBytes: 64 }));
  const app = express();
  app.use(express.json({ limit: 64 }));
  app.use(expressRoutes(routes, { identify: () => ({ admin: false }), jsonLimitBytes: 64 }));
  app.use(notFoundHandler);
  app.use(errorMiddleware(logger));
  const plain = await startTestServer(app);
  return { lean, plain, close: () => Promise.all([lean.close(), plain.close()]) };
}

const post = (url: string, body: string | Uint8Array, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(url, { method: 'POST', headers, body: body as BodyInit }).then(async (res) => ({ status: res.status, body: await res.text() }));

describe('the lean transport beside express', () => {
  let s: Awaited<ReturnType<typeof servers>>;
  beforeAll(async () => void (s = await servers()));
  afterAll(() => s.close());

  const json = { 'content-type': 'application/json' };
  const cases: [string, string | Uint8Array, Record<string, string>][] = [
    ['a valid body', '{"a":2,"b":3}', json],
    ['a body failing validation', '{"a":"x"}', json],
    ['broken JSON', '{"a":', json],
    ['JSON that is not an object or array', '5', json],
    ['an empty body', '', json],
    ['a body over the limit', JSON.stringify({ a: 1, b: 2, pad: 'x'.repeat(100) }), json],
    ['a text/plain body', '{"a":2,"b":3}', { 'content-type': 'text/plain' }],
    ['a gzip-coded body', new Uint8Array(gzipSync('{"a":2,"b":3}')), { 'content-type': 'application/json', 'content-encoding': 'gzip' }],
  ];
  it.each(cases)('when the body is %s, then both paths answer the same status and body', async (_name, body, headers) => {
    const [lean, plain] = await Promise.all([post(`${s.lean.url}/sum`, body, headers), post(`${s.plain.url}/sum`, body, headers)]);
    expect(lean.status).toBe(plain.status);
    const withoutId = (text: string) => {
      const reply = JSON.parse(text) as { error?: Record<string, unknown> };
      return JSON.stringify({ ...reply, error: reply.error && { ...reply.error, requestId: undefined } });
    };
    expect(withoutId(lean.body)).toBe(withoutId(plain.body));
  });

  it('when the figures are valid, then the lean path adds them', async () => {
    expect(await post(`${s.lean.url}/sum`, '{"a":2,"b":3}')).toEqual({ status: 200, body: '{"total":5}' });
  });

  it('when broken JSON is sent, then the reply names INVALID_JSON and carries the request id', async () => {
    const res = await fetch(`${s.lean.url}/sum`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-request-id': 'req-1' }, body: '{' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: ErrorCode.INVALID_JSON, message: 'Request body is not valid JSON', requestId: 'req-1' } });
  });

  it('when a body comes chunked, then it is still answered (through express)', async () => {
    const res = await postChunked(`${s.lean.url}/sum`, '{"a":1,"b":1}');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ total: 2 });
  });

  it('when a GET is read, then its ETag is the one express gives, and a conditional GET gets 304', async () => {
    const [lean, plain] = await Promise.all([fetch(`${s.lean.url}/read`), fetch(`${s.plain.url}/read`)]);
    expect(await lean.json()).toEqual({ value: 42 });
    const etag = lean.headers.get('etag');
    expect(etag).toBe(plain.headers.get('etag'));
    // node:http, not fetch: fetch adds its own cache headers to a conditional request.
    const statusOf = (url: string) =>
      new Promise<number | undefined>((resolve) => http.get(url, { headers: { 'if-none-match': etag ?? '' } }, (res) => (res.resume(), resolve(res.statusCode))));
    expect([await statusOf(`${s.lean.url}/read`), await statusOf(`${s.plain.url}/read`)]).toEqual([304, 304]);
  });
});
