import { webRoute } from './app';

const ADDRESS = '0x9F8e7d6C5b4A39281706f5E4d3C2b1A098765432';

describe('the web entry\'s route label', () => {
  it.each([
    [`/api/wallet/${ADDRESS}/session-info`, '/api/wallet/:address/session-info'],
    ['/api/calculations/economics', '/api/calculations/economics'],
    [`/api/no-such-endpoint/${ADDRESS}`, 'unmatched'],
    ['/api', '/api'],
    ['/api/docs', '/api/docs'],
    ['/assets/index-3f9a1c.js', '/assets/*'],
    ['/', '/*'],
    ['/network', '/*'],
    [`/${ADDRESS}`, '/*'],
    ['/metrics', '/*'],
  ])('when the path is %s, then the route is %s', (path, route) => {
    expect(webRoute(path)).toBe(route);
  });
});
