import { API_ENDPOINTS, API_ROUTES } from '@shm/contracts';
import { apiRouteTemplate, routeMatcher, routeTemplateMatcher } from './route-templates';

const ADDRESS = '0x9F8e7d6C5b4A39281706f5E4d3C2b1A098765432';
const TX_HASH = `0x${'ab'.repeat(32)}`;
const SESSION = '5f0c7a1e-2b3d-4c5e-8f90-123456789abc';

describe('route templates', () => {
  const match = routeTemplateMatcher(['/things', '/things/:id', '/things/new', '/things/:id/parts/:part', '/a/:x/b', '/a/c/d']);

  it.each([
    ['/things', '/things'],
    ['/things/', '/things'],
    ['/things/42', '/things/:id'],
    [`/things/${ADDRESS}`, '/things/:id'],
    ['/things/new', '/things/new'],
    ['/things/7/parts/wheel', '/things/:id/parts/:part'],
    // The literal `c` leads nowhere for /a/c/b: the parameter is tried next.
    ['/a/c/b', '/a/:x/b'],
    ['/a/c/d', '/a/c/d'],
    // As express matches: case-insensitive, percent-encoded characters within one segment.
    ['/THINGS/New', '/things/new'],
    ['/Things/a%2Fb', '/things/:id'],
  ])('when the path is %s, then the template is %s', (path, template) => {
    expect(match(path)).toBe(template);
  });

  it.each([['/things/7/parts'], ['/things//parts/x'], ['/other'], ['things'], ['/things/7/extra/more/segments'], ['/'], ['/things//'], ['/things/7/parts/wheel/x']])(
    'when the path is %s, then no template matches',
    (path) => {
      expect(match(path)).toBeUndefined();
    },
  );

  it('when paths hold addresses, hashes and session ids, then the API registry names their templates', () => {
    expect(apiRouteTemplate(`/api/wallet/${ADDRESS}/session-info`)).toBe('/api/wallet/:address/session-info');
    expect(apiRouteTemplate(`/api/check-payment-status/${ADDRESS}`)).toBe('/api/check-payment-status/:address');
    expect(apiRouteTemplate(`/api/session/${SESSION}`)).toBe('/api/session/:sessionId');
    expect(apiRouteTemplate(`/api/dashboard/portfolio/${ADDRESS}/${TX_HASH}`)).toBe('/api/dashboard/portfolio/:address/:entryId');
    expect(apiRouteTemplate('/api/wallet/register')).toBe('/api/wallet/register');
    expect(apiRouteTemplate('/api/calculations/economics')).toBe('/api/calculations/economics');
    expect(apiRouteTemplate(`/api/wallet/${ADDRESS}`)).toBeUndefined();
    expect(apiRouteTemplate('/api/metrics')).toBeUndefined();
    expect(apiRouteTemplate('/metrics')).toBeUndefined();
  });

  it('when every endpoint of the registry is called with its placeholders filled, then its own template comes back', () => {
    // A second way to match: the registry's paths as regular expressions, as express reads them.
    const patternOf = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
    for (const { path } of API_ENDPOINTS) {
      const filled = path.replace(/:\w+/g, ADDRESS);
      const template = apiRouteTemplate(filled);
      expect({ path, template }).toEqual({ path, template: path });
      expect(patternOf(template ?? '').test(filled)).toBe(true);
    }
  });

  it('when a concrete path is matched, then the routes under its template answer, whatever the method', () => {
    const match = routeMatcher(API_ROUTES);
    expect(match('/api/session/abc').map((r) => r.method)).toEqual(['GET', 'DELETE']);
    expect(match('/api/session/abc/').map((r) => r.method)).toEqual(['GET', 'DELETE']);
    expect(match('/API/Session/abc').map((r) => r.method)).toEqual(['GET', 'DELETE']);
    expect(match('/api/session/')).toEqual([]);
    expect(match('/api/session/a/b')).toEqual([]);
  });
});
