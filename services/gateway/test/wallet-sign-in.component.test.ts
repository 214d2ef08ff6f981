import { Wallet, type HDNodeWallet } from 'ethers';
import { ErrorReplySchema, IDENTITY_HEADER, SESSION_COOKIE, buildSiweMessage, signInFields, type NonceReply, type SessionReply } from '@shm/contracts';
import { listen, verifyIdentity, type RunningServer } from '@shm/platform';
import { errorOf, postJson, readJson } from '@shm/platform/testing';
import { expireNow, startGateway, tokenKey, type TestGateway } from './support/gateway';

const SECRET = 'component-test-internal-secret';

let gateway: TestGateway;
let echo: RunningServer;
let seenIdentity: string | undefined;
let seenAuth: { cookie?: string; authorization?: string };
beforeAll(async () => {
  // Stands in for calc: records what the gateway forwards.
  echo = await listen((req, res) => {
    seenIdentity = req.headers[IDENTITY_HEADER] as string | undefined;
    seenAuth = { cookie: req.headers.cookie, authorization: req.headers.authorization };
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  }, 0);
  gateway = await startGateway({ CALC_URL: echo.url, INTERNAL_SECRET: SECRET });
});
afterAll(async () => {
  await gateway.close();
  await echo.close();
});

async function signInMessage(wallet: Wallet | HDNodeWallet, changes: Record<string, unknown> = {}) {
  const nonce = (await (await fetch(`${gateway.url}/api/auth/nonce`)).json()) as NonceReply;
  return buildSiweMessage({ ...signInFields(nonce, wallet.address), ...changes });
}

const sessionOf = async (cookie: string) => readJson<SessionReply>(await fetch(`${gateway.url}/api/auth/session`, { headers: { cookie } }));
const HOUR_MS = 3600_000;

const cookieFrom = (res: { headers: Headers }) => res.headers.get('set-cookie')?.split(';')[0];

async function signIn(wallet = Wallet.createRandom()) {
  const message = await signInMessage(wallet);
  const res = await postJson<SessionReply>(`${gateway.url}/api/auth/verify`, { message, signature: await wallet.signMessage(message) });
  const cookie = cookieFrom(res);
  if (cookie === undefined) throw new Error(`the sign-in set no cookie (status ${res.status})`);
  return { res, cookie, wallet, message };
}

describe('wallet sign-in (EIP-4361)', () => {
  it('when the nonce is asked for, then it comes with the domain, URI and chain a message must name', async () => {
    const body = await readJson<NonceReply>(await fetch(`${gateway.url}/api/auth/nonce`));
    expect(body).toMatchObject({ success: true, domain: 'localhost:8080', uri: 'http://localhost:8080', chainId: 8118 });
    expect(body.nonce).toMatch(/^[a-f0-9]{32}$/);
  });

  it('when a wallet signs in, then an HttpOnly SameSite=Lax cookie names a session bound to its address', async () => {
    const { res, cookie, wallet } = await signIn();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ authenticated: true, address: wallet.address.toLowerCase() });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const session = await readJson<SessionReply>(await fetch(`${gateway.url}/api/auth/session`, { headers: { cookie } }));
    expect(session).toMatchObject({ authenticated: true, address: wallet.address.toLowerCase() });
  });

  it('when a signed-in wallet calls a service, then the service gets a signed identity and no raw credentials', async () => {
    const { cookie, wallet } = await signIn();
    await postJson(`${gateway.url}/api/calculations/economics`, {}, { cookie, authorization: 'Bearer whatever' });
    expect(verifyIdentity(seenIdentity, SECRET)).toEqual({ wallet: wallet.address.toLowerCase() });
    expect(seenAuth).toEqual({ cookie: undefined, authorization: undefined });
  });

  it('when a client hand-writes an identity header or a made-up cookie, then the service sees no identity', async () => {
    await postJson(`${gateway.url}/api/calculations/economics`, {}, { [IDENTITY_HEADER]: 'forged.token', cookie: `${SESSION_COOKIE}=made-up` });
    expect(seenIdentity).toBeUndefined();
  });

  it('when the wallet signs out, then the session is revoked and the cookie cleared', async () => {
    const { cookie } = await signIn();
    const out = await postJson(`${gateway.url}/api/auth/logout`, '', { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/Expires=Thu, 01 Jan 1970/);
    const session = await readJson<SessionReply>(await fetch(`${gateway.url}/api/auth/session`, { headers: { cookie } }));
    expect(session).toEqual({ success: true, authenticated: false });
  });

  it('when a nonce is used twice, then the second sign-in is refused', async () => {
    const wallet = Wallet.createRandom();
    const message = await signInMessage(wallet);
    const body = { message, signature: await wallet.signMessage(message) };
    expect((await postJson<SessionReply>(`${gateway.url}/api/auth/verify`, body)).status).toBe(200);
    const again = await postJson<SessionReply>(`${gateway.url}/api/auth/verify`, body);
    expect(again.status).toBe(401);
    expect(errorOf(again).message).toBe('Invalid or expired sign-in message');
  });

  it.each([
    ['another domain', { domain: 'evil.example' }],
    ['another chain', { chainId: 1 }],
    ['an expiry in the past', { expirationTime: new Date(Date.now() - 1000).toISOString() }],
    ['a made-up nonce', { nonce: 'neverIssued12345' }],
  ])('when the message names %s, then sign-in is refused', async (_name, changes) => {
    const wallet = Wallet.createRandom();
    const message = await signInMessage(wallet, changes);
    const res = await postJson<SessionReply>(`${gateway.url}/api/auth/verify`, { message, signature: await wallet.signMessage(message) });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('when the message is signed by another key, then sign-in is refused and the nonce still works', async () => {
    const wallet = Wallet.createRandom();
    const message = await signInMessage(wallet);
    const bad = await postJson<SessionReply>(`${gateway.url}/api/auth/verify`, { message, signature: await Wallet.createRandom().signMessage(message) });
    expect(bad.status).toBe(401);
    const good = await postJson<SessionReply>(`${gateway.url}/api/auth/verify`, { message, signature: await wallet.signMessage(message) });
    expect(good.status).toBe(200);
  });
});

describe('wallet sign-in lifetimes', () => {
  it('when a session\'s Redis key expires, then the cookie no longer signs anyone in and services get no identity', async () => {
    const { cookie, wallet, res } = await signIn();
    const sessionId = cookie.slice(`${SESSION_COOKIE}=`.length);
    const key = tokenKey(gateway, 'session', sessionId);
    // The session lives 24 h (WALLET_SESSION_TTL_SECONDS' default), in Redis and in the cookie alike.
    const ttl = await gateway.redis.pttl(key);
    expect(ttl).toBeGreaterThan(24 * HOUR_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(24 * HOUR_MS);
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=86400\b/);
    expect(Date.parse(res.body.expiresAt ?? '') - Date.now()).toBeGreaterThan(24 * HOUR_MS - 60_000);
    await postJson(`${gateway.url}/api/calculations/economics`, {}, { cookie });
    expect(verifyIdentity(seenIdentity, SECRET)).toEqual({ wallet: wallet.address.toLowerCase() });

    await expireNow(gateway.redis, key);
    expect(await sessionOf(cookie)).toEqual({ success: true, authenticated: false });
    await postJson(`${gateway.url}/api/calculations/economics`, {}, { cookie });
    expect(seenIdentity).toBeUndefined();
  });

  it('when the nonce\'s Redis key expires before the message is sent, then sign-in is refused with 401 in the error shape', async () => {
    const nonce = (await (await fetch(`${gateway.url}/api/auth/nonce`)).json()) as NonceReply;
    const key = `${gateway.prefix}nonce:wallet:${nonce.nonce}`;
    // 5 minutes, as the reply's expiresAt says.
    expect(await gateway.redis.pttl(key)).toBeGreaterThan(290_000);
    expect(await gateway.redis.pttl(key)).toBeLessThanOrEqual(300_000);
    expect(Date.parse(nonce.expiresAt) - Date.now()).toBeGreaterThan(290_000);
    const wallet = Wallet.createRandom();
    // The message itself is still in date (its Expiration Time is the nonce's, 5 minutes on): only the nonce is gone.
    const message = buildSiweMessage(signInFields(nonce, wallet.address));
    await expireNow(gateway.redis, key);
    const res = await postJson<SessionReply>(`${gateway.url}/api/auth/verify`, { message, signature: await wallet.signMessage(message) });
    expect(res.status).toBe(401);
    expect(ErrorReplySchema.parse(res.body).error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid or expired sign-in message' });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  // EIP-4361 makes Expiration Time optional. Such a message is accepted, but it is good only while
  // its nonce is (single use, 5 minutes), and the session it opens lasts the gateway's own 24 h.
  it('when the message has no Expiration Time, then it signs in once for the usual 24 h, and never after its nonce is gone', async () => {
    const wallet = Wallet.createRandom();
    const message = await signInMessage(wallet, { expirationTime: undefined });
    expect(message).not.toMatch(/Expiration Time/);
    const body = { message, signature: await wallet.signMessage(message) };
    const res = await postJson<SessionReply>(`${gateway.url}/api/auth/verify`, body);
    expect(res.status).toBe(200);
    const lasts = Date.parse(res.body.expiresAt ?? '') - Date.now();
    expect(lasts).toBeGreaterThan(24 * HOUR_MS - 60_000);
    expect(lasts).toBeLessThanOrEqual(24 * HOUR_MS);
    expect((await postJson<SessionReply>(`${gateway.url}/api/auth/verify`, body)).status).toBe(401);

    const late = await signInMessage(wallet, { expirationTime: undefined });
    const [, nonce] = /Nonce: (\w+)/.exec(late) ?? [];
    if (nonce === undefined) throw new Error(`the message names no nonce: ${late}`);
    await expireNow(gateway.redis, `${gateway.prefix}nonce:wallet:${nonce}`);
    const refused = await postJson<SessionReply>(`${gateway.url}/api/auth/verify`, { message: late, signature: await wallet.signMessage(late) });
    expect(refused.status).toBe(401);
    expect(errorOf(refused).code).toBe('UNAUTHORIZED');
  });
});
