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

  it('when another client is limited, then this one is not, and public routes are never limited', async () => {
    const limited = clientIp();
    for (let i = 0; i <= ADMIN_RATE_LIMIT.limit; i++) await flagsAs(one, limited);
    expect((await flagsAs(one, clientIp())).status).toBe(401);
    const pub = await fetch(`${one.url}/api/feature-flags`, { headers: { 'x-forwarded-for': limited } });
    expect(pub.status).toBe(200);
    expect(pub.headers.get('ratelimit')).toBeNull();
  });
});
