import { ErrorCode, IDENTITY_HEADER } from '@shm/contracts';
import { z } from 'zod';
import { AppError } from './app-error';
import { signIdentity } from './identity';
import { createMetrics } from './metrics';
import { handler } from './route-handler';
import { createServiceApp } from './service-app';
import { startTestServer, testLogger } from './testing/http';

const SECRET = 'route-handler-test-secret';
const OWNER = '0x9f8e7d6c5b4a39281706f5e4d3c2b1a098765432';
const OTHER = '0x1111111111111111111111111111111111111111';
const Address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

const base = { service: 'dashboard', errors: [400, 401, 403] } as const;
const notes = { ...base, method: 'POST', path: '/notes', auth: 'wallet', status: 201, cache: 'no-store' } as const;
const note = { ...base, method: 'PATCH', path: '/notes/:address/:id', auth: 'wallet' } as const;
let featureOn = true;
let outage: Error | undefined;
const calls: unknown[] = [];

const routes = [
  handler(
    { ...notes, body: z.object({ walletAddress: Address.optional(), text: z.string().min(1) }), reply: z.object({ saved: z.string(), by: z.string() }) },
    ({ wallet, body: { text } }) => {
      calls.push(text);
      if (outage) throw outage;
      return { saved: text, by: wallet };
    },
    { unavailable: 'Notes are away; try again shortly' },
  ),
  handler(
    { ...note, pathParams: z.object({ address: Address, id: z.string().regex(/^\d+$/) }), body: z.object({ text: z.string() }), reply: z.object({ id: z.string() }) },
    ({ params: { id } }) => ({ id }),
  ),
  handler({ ...base, method: 'GET', path: '/broken', auth: 'none', reply: z.object({ count: z.number() }) }, () => ({ count: 'many' }) as never),
  handler({ ...base, method: 'GET', path: '/secret', auth: 'admin', reply: z.object({ ok: z.literal(true) }) }, () => ({ ok: true })),
];

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  const guard = () => {
    if (!featureOn) throw new AppError(ErrorCode.FEATURE_DISABLED, 403, 'Turned off');
  };
  server = await startTestServer(createServiceApp({ name: 'notes', logger: testLogger(), metrics: createMetrics('notes'), internalSecret: SECRET, routes, guard }));
});
afterAll(() => server.close());
beforeEach(() => {
  featureOn = true;
  outage = undefined;
  calls.length = 0;
});

const as = (identity: { wallet?: string; admin?: boolean } | undefined): Record<string, string> => (identity ? { [IDENTITY_HEADER]: signIdentity(identity, SECRET) } : {});
async function call(method: string, path: string, { body, identity }: { body?: string; identity?: { wallet?: string; admin?: boolean } } = {}) {
  const res = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', ...as(identity) }, body });
  const text = await res.text();
  return { status: res.status, cache: res.headers.get('cache-control'), body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}
const errorOf = (reply: { body?: Record<string, unknown> }) => reply.body?.error as { code: string; message: string; fields?: Record<string, string> };

describe('the route pipeline', () => {
  it('when the signed-in wallet sends a valid body, then the handler gets it and the reply carries the route status and cache header', async () => {
    const reply = await call('POST', '/notes', { body: JSON.stringify({ walletAddress: OWNER.toUpperCase().replace('0X', '0x'), text: 'hi' }), identity: { wallet: OWNER } });
    expect(reply).toEqual({ status: 201, cache: 'no-store', body: { saved: 'hi', by: OWNER } });
  });

  it('when nobody is signed in, then a wallet route answers 401 before it looks at the body', async () => {
    const reply = await call('POST', '/notes', { body: '{}' });
    expect(reply.status).toBe(401);
    expect(errorOf(reply)).toMatchObject({ code: ErrorCode.UNAUTHORIZED, message: 'Sign in with your wallet first' });
    expect(calls).toEqual([]);
  });

  it('when the body fails its schema, then 400 names the field and the handler never runs', async () => {
    const reply = await call('POST', '/notes', { body: JSON.stringify({ text: '' }), identity: { wallet: OWNER } });
    expect(reply.status).toBe(400);
    expect(Object.keys(errorOf(reply).fields ?? {})).toEqual(['text']);
    expect(calls).toEqual([]);
  });

  it('when the body or the path names another wallet, then 403 names that field', async () => {
    const inBody = await call('POST', '/notes', { body: JSON.stringify({ walletAddress: OTHER, text: 'x' }), identity: { wallet: OWNER } });
    expect([inBody.status, errorOf(inBody).message]).toEqual([403, 'walletAddress is not the signed-in wallet']);
    const inPath = await call('PATCH', `/notes/${OTHER}/7`, { body: '{"text":"x"}', identity: { wallet: OWNER } });
    expect([inPath.status, errorOf(inPath).message]).toEqual([403, 'address is not the signed-in wallet']);
    expect(calls).toEqual([]);
  });

  it('when a path parameter is malformed, then 400 names it', async () => {
    const reply = await call('PATCH', `/notes/${OWNER}/seven`, { body: '{"text":"x"}', identity: { wallet: OWNER } });
    expect(reply.status).toBe(400);
    expect(Object.keys(errorOf(reply).fields ?? {})).toEqual(['id']);
    expect((await call('PATCH', `/notes/${OWNER}/7`, { body: '{"text":"x"}', identity: { wallet: OWNER } })).body).toEqual({ id: '7' });
  });

  it("when the app's guard refuses, then that answer comes first, even for a caller who is not signed in", async () => {
    featureOn = false;
    const reply = await call('POST', '/notes', { body: '{}' });
    expect([reply.status, errorOf(reply).code]).toEqual([403, ErrorCode.FEATURE_DISABLED]);
  });

  it("when the datastore is out of reach, then 503 carries the route's message", async () => {
    outage = Object.assign(new Error('connection refused'), { name: 'MongoNetworkError' });
    const reply = await call('POST', '/notes', { body: '{"text":"x"}', identity: { wallet: OWNER } });
    expect([reply.status, errorOf(reply).code, errorOf(reply).message]).toEqual([503, ErrorCode.SERVICE_UNAVAILABLE, 'Notes are away; try again shortly']);
  });

  it('when a handler answers outside its reply schema, then the caller gets a 500 that leaks nothing', async () => {
    const reply = await call('GET', '/broken');
    expect([reply.status, errorOf(reply).message]).toEqual([500, 'Internal server error']);
  });

  it('when an admin route is called by a wallet, then 401; with the admin identity, the reply', async () => {
    const refused = await call('GET', '/secret', { identity: { wallet: OWNER } });
    expect([refused.status, errorOf(refused).message]).toEqual([401, 'Admin authentication required']);
    expect((await call('GET', '/secret', { identity: { admin: true } })).body).toEqual({ ok: true });
  });
});
