import { API_ENDPOINTS, API_ROUTES, SERVICE_ROUTES, STREAM_PATHS, UNSHED_API_PATHS, dashboardContract, paymentContract, pathOf, rateLimitedPaths, rateLimitedPrefixes } from './index';
import { errorStatusesOf } from './api-docs/shared-responses';

describe('route objects', () => {
  it('when two routes are compared, then none shares method and path with another', () => {
    const keys = API_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(API_ROUTES.length).toBe(50);
  });

  it('when a path has :placeholders, then its pathParams schema has exactly those fields', () => {
    const mismatched = API_ROUTES.filter((route) => {
      const inPath = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const inSchema = Object.keys(route.pathParams?.shape ?? {}).sort();
      return JSON.stringify(inPath) !== JSON.stringify(inSchema);
    });
    expect(mismatched.map((r) => r.path)).toEqual([]);
  });

  it('when pathOf fills a path, then each value is URI-encoded into its place', () => {
    expect(pathOf(paymentContract.session, { sessionId: 'a/b c?' })).toBe('/api/session/a%2Fb%20c%3F');
    expect(pathOf(dashboardContract.updateEntry, { address: '0xab', entryId: 'e#1' })).toBe('/api/dashboard/portfolio/0xab/e%231');
    expect(pathOf(paymentContract.verify)).toBe('/api/verify-payment');
  });
});

describe('every route has docs, and every docs entry a route', () => {
  it('when the documented surface is listed, then it is every route once, in the same order', () => {
    expect(API_ENDPOINTS.map((e) => `${e.method} ${e.path}`)).toEqual(API_ROUTES.map((r) => `${r.method} ${r.path}`));
    expect(API_ENDPOINTS.filter((e) => !e.title || !e.description).map((e) => e.path)).toEqual([]);
  });

  it('when a route lists its error statuses, then its docs describe exactly those and the shared ones, and one success reply', () => {
    const documented = API_ENDPOINTS.map((e) => ({ route: `${e.method} ${e.path}`, errors: e.responses.map((r) => r.status).filter((s) => s >= 400) }));
    const declared = API_ROUTES.map((r) => ({ route: `${r.method} ${r.path}`, errors: errorStatusesOf(r) }));
    expect(documented).toEqual(declared);
    expect(API_ENDPOINTS.filter((e) => e.responses.filter((r) => r.status < 400).length !== 1).map((e) => e.path)).toEqual([]);
  });
});

describe('what the gateway derives from the routes', () => {
  it('when the proxy table is built, then each prefix has one owner, the table the gateway always had', () => {
    expect(SERVICE_ROUTES).toEqual([
      { prefix: '/api/calculations', service: 'calc' },
      { prefix: '/api/shardeum-network', service: 'network' },
      { prefix: '/api/shm-price', service: 'network' },
      { prefix: '/api/walletconnect-config', service: 'payments' },
      { prefix: '/api/wallet', service: 'payments' },
      { prefix: '/api/payment', service: 'payments' },
      { prefix: '/api/verify-payment', service: 'payments' },
      { prefix: '/api/session', service: 'payments' },
      { prefix: '/api/check-payment-status', service: 'payments' },
      { prefix: '/api/dashboard', service: 'dashboard' },
      { prefix: '/api/dashboard/alerts', service: 'alerts' },
    ]);
    // The longest prefix the gateway proxies a route under is its own service's, never another's or the gateway's.
    const ownerOf = (path: string) =>
      SERVICE_ROUTES.filter((r) => path === r.prefix || path.startsWith(`${r.prefix}/`)).sort((a, b) => b.prefix.length - a.prefix.length)[0]?.service;
    const strays = API_ROUTES.filter((route) => {
      const owner = ownerOf(route.path);
      return owner !== undefined && owner !== route.service;
    });
    expect(strays).toEqual([]);
  });

  it('when the path sets are read, then streams, unshed paths and the rate-limit classes are the ones spec and docs name', () => {
    expect(STREAM_PATHS).toEqual(['/api/payment/events']);
    expect([...UNSHED_API_PATHS].sort()).toEqual(['/api/payment/events', '/api/verify-payment']);
    expect(rateLimitedPrefixes('admin')).toEqual(['/api/admin']);
    expect(rateLimitedPaths('signIn')).toEqual(['/api/auth/nonce', '/api/auth/verify']);
    expect(rateLimitedPaths('payment')).toEqual([
      '/api/wallet/register',
      '/api/payment/initiate',
      '/api/payment/submitted',
      '/api/verify-payment',
      '/api/check-payment-status/:address',
    ]);
  });
});
