import { ADMIN_RATE_LIMIT } from '@shm/contracts';
import { clientIp, startGateway, type TestGateway } from './support/gateway';

const flagsAs = (gateway: TestGateway, ip: string) => fetch(`${gateway.url}/api/admin/feature-flags`, { headers: { 'x-forwarded-for': ip } });

describe('admin rate limit (20 requests / 15 minutes / IP, counted in Redis)', () => {
  let one: TestGateway;
  let two: TestGateway;
  beforeAll(async () => {
    one = await startGateway();
    two = await startGateway({ REDIS_KEY_PREFIX: one.prefix }); // a second replica on the same Redis
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  it('when one client makes 21 admin requests, then the 21st gets 429 with RateLimit and Retry-After headers', async () => {
    const ip = clientIp();
    for (let i = 1; i <= ADMIN_RATE_LIMIT.limit; i++) {
      const res = await flagsAs(one, ip);
      expect(res.status).toBe(401);
      expect(res.headers.get('ratelimit-policy')).toBe('20;w=900');
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^limit=20, remaining=${20 - i}, reset=\\d+$`));
    }
    const refused = await flagsAs(one, ip);
    expect(refused.status).toBe(429);
    const reset = Number(refused.headers.get('retry-after'));
    expect(reset).toBeGreaterThan(890);
    expect(reset).toBeLessThanOrEqual(900);
    expect(refused.headers.get('ratelimit')).toBe(`limit=20, remaining=0, reset=${reset}`);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
  });

  it('when two gateway instances share the Redis, then they share one count', async () => {
    const ip = clientIp();
    for (let i = 0; i < 10; i++) {
      expect((await flagsAs(one, ip)).status).toBe(401);
      expect((await flagsAs(two, ip)).status).toBe(401);
    }
    expect((await flagsAs(two, ip)).status).toBe(429);
    expect((await flagsAs(one, ip)).status).toBe(429);
  });

  it('when the admin path is written in other letter cases or with a trailing slash, then the admin routes still answer and every call counts against the one limit', async () => {
    const ip = clientIp();
    const paths = ['/API/ADMIN/feature-flags', '/api/Admin/Feature-Flags', '/api/admin/feature-flags/'];
    for (let i = 0; i < ADMIN_RATE_LIMIT.limit; i++) {
      const res = await fetch(`${one.url}${paths[i % paths.length]}`, { headers: { 'x-forwarded-for': ip } });
      expect([res.status, res.headers.get('ratelimit-policy')]).toEqual([401, '20;w=900']);
    }
    expect((await flagsAs(one, ip)).status).toBe(429);
  });

  it('when another client is limited, then this one is not, and public routes are never limited', async () => {
    const limited = clientIp();
    for (let i = 0; i <= ADMIN_RATE_LIMIT.limit; i++) await flagsAs(one, limited);
    expect((await flagsAs(one, clientIp())).status).toBe(401);
    const pub = await fetch(`${one.url}/api/feature-flags`, { headers: { 'x-forwarded-for': limited } });
    expect(pub.status).toBe(200);
    expect(pub.headers.get('ratelimit')).toBeNull();
  });
});

describe('sign-in and payment rate limits (anonymous writes are bounded)', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ SIGN_IN_RATE_LIMIT: '5', PAYMENT_RATE_LIMIT: '3' });
  });
  afterAll(() => gateway.close());

  it('when one IP asks for more sign-in nonces than its limit, then it gets 429 and no further nonce is stored', async () => {
    const ip = clientIp();
    const nonce = () => fetch(`${gateway.url}/api/auth/nonce`, { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 5; i++) expect((await nonce()).status).toBe(200);
    const countNonces = async () => (await gateway.redis.keys(`${gateway.prefix}nonce:*`)).length;
    const before = await countNonces();
    const refused = await nonce();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect(await countNonces()).toBe(before);
    expect((await fetch(`${gateway.url}/api/auth/nonce`, { headers: { 'x-forwarded-for': clientIp() } })).status).toBe(200);
  });

  it('when a caller makes more payment calls than the limit, then the next is refused with 429 before reaching payments', async () => {
    const ip = clientIp();
    const initiate = () =>
      fetch(`${gateway.url}/api/payment/initiate`, { method: 'POST', headers: { 'x-forwarded-for': ip, 'content-type': 'application/json' }, body: '{}' });
    // No payments service behind this gateway: allowed calls get 502, the refused one 429 without an upstream call.
    for (let i = 0; i < 3; i++) expect((await initiate()).status).not.toBe(429);
    expect((await initiate()).status).toBe(429);
  });

  it('when a caller checks a payment status (a path with the address in it) more often than the limit, then the next is refused with 429', async () => {
    const ip = clientIp();
    const check = () =>
      fetch(`${gateway.url}/api/check-payment-status/0x${'ab'.repeat(20)}`, { method: 'POST', headers: { 'x-forwarded-for': ip, 'content-type': 'application/json' }, body: '{}' });
    for (let i = 0; i < 3; i++) expect((await check()).status).not.toBe(429);
    const refused = await check();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
  });
});
