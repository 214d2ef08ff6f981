import { CALCULATOR_DEFAULTS, ErrorReplySchema, IDENTITY_HEADER, ZERO_ADDRESS } from '@shm/contracts';
import { listen, type RunningServer } from '@shm/platform';
import { errorOf, postJson } from '@shm/platform/testing';
import { startGateway as startTestGateway, type TestGateway } from './support/gateway';

const startGateway = (calcUrl: string) => startTestGateway({ CALC_URL: calcUrl });

describe('gateway when the upstream misbehaves', () => {
  it('when calc is stopped, then the caller gets 502 in the error shape with a request id', async () => {
    // A port where calc was and no longer is.
    const gone = await listen(() => undefined, 0);
    const url = gone.url;
    await gone.close();
    const gateway = await startGateway(url);
    try {
      const res = await postJson(`${gateway.url}/api/calculations/economics`, { params: CALCULATOR_DEFAULTS, walletAddress: ZERO_ADDRESS });
      expect(res.status).toBe(502);
      expect(errorOf(res).code).toBe('UPSTREAM_UNAVAILABLE');
      expect(errorOf(res).message).toBe('The calc service is unavailable');
      expect(errorOf(res).requestId).toBe(res.headers.get('x-request-id'));
    } finally {
      await gateway.close();
    }
  });

  it('when calc hangs past the proxy timeout, then the caller gets 502 instead of waiting forever', async () => {
    const hanging = await listen(() => undefined, 0);
    const gateway = await startGateway(hanging.url);
    try {
      const res = await postJson(`${gateway.url}/api/calculations/economics`, {});
      expect(res.status).toBe(502);
    } finally {
      await gateway.close();
      hanging.server.closeAllConnections();
      await hanging.close();
    }
  });

  it('when a client sends an identity header, then the service never sees it', async () => {
    let seen: string | undefined = 'not called';
    const echo = await listen((req, res) => {
      seen = req.headers[IDENTITY_HEADER] as string | undefined;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    }, 0);
    const gateway = await startGateway(echo.url);
    try {
      const res = await postJson(`${gateway.url}/api/calculations/economics`, {}, { [IDENTITY_HEADER]: '0xforged' });
      expect(res.status).toBe(200);
      expect(seen).toBeUndefined();
    } finally {
      await gateway.close();
      await echo.close();
    }
  });
});

describe('gateway without Redis', () => {
  it('when Redis cannot be reached, then calls that need it answer 503 SERVICE_UNAVAILABLE, not 500', async () => {
    // Nothing listens on port 1: every Redis command fails after its one retry.
    const gateway = await startTestGateway({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await fetch(`${gateway.url}/api/auth/nonce`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await gateway.close().catch(() => undefined);
    }
  });
});

describe('cross-site requests', () => {
  const OURS = 'http://localhost:8080';
  const FOREIGN = 'https://evil.example';
  let gateway: TestGateway;
  let upstream: RunningServer;
  /** What reached a service behind the gateway (it stands in for calc, payments and dashboard). */
  let reached: string[] = [];
  beforeAll(async () => {
    upstream = await listen((req, res) => {
      reached.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    }, 0);
    gateway = await startTestGateway({ CALC_URL: upstream.url, PAYMENTS_URL: upstream.url, DASHBOARD_URL: upstream.url });
  });
  beforeEach(() => {
    reached = [];
  });
  afterAll(async () => {
    await gateway.close();
    await upstream.close();
  });

  const send = (method: string, path: string, origin: string | undefined) =>
    fetch(`${gateway.url}${path}`, {
      method,
      headers: { ...(origin === undefined ? {} : { origin }), ...(method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/json' }) },
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
    });

  // Proxied on the gateway's direct path (dashboard, payments reads and deletes), through express
  // (a payment write), and the gateway's own routes.
  const writes: [string, string][] = [
    ['PATCH', '/api/dashboard/profiles/p1'],
    ['DELETE', '/api/dashboard/profiles/p1'],
    ['PATCH', '/api/dashboard/scenarios/0xabc/s1'],
    ['DELETE', '/api/session/s1'],
    ['POST', '/api/calculations/economics'],
    ['POST', '/api/payment/initiate'],
    ['PUT', '/api/dashboard/profiles/p1'],
    ['POST', '/api/auth/logout'],
    ['POST', '/api/admin/feature-flags'],
  ];

  it.each(writes.flatMap(([method, path]) => [FOREIGN, 'null'].map((origin) => [method, path, origin] as const)))(
    'when a browser sends %s %s with Origin: %s, then it is refused with 403 in the error shape and no service sees it',
    async (method, path, origin) => {
      const res = await send(method, path, origin);
      expect(res.status).toBe(403);
      const body = ErrorReplySchema.parse(await res.json());
      expect(body.error).toMatchObject({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
      expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
      expect(reached).toEqual([]);
    },
  );

  it.each([
    ['PATCH', '/api/dashboard/profiles/p1'],
    ['DELETE', '/api/dashboard/profiles/p1'],
    ['DELETE', '/api/session/s1'],
  ])('when our own page sends %s %s, then it reaches the service', async (method, path) => {
    expect((await send(method, path, OURS)).status).toBe(200);
    expect(reached).toEqual([`${method} ${path}`]);
  });

  it('when a write comes without any Origin (a server or script, no browser), then it passes', async () => {
    expect((await send('DELETE', '/api/dashboard/profiles/p1', undefined)).status).toBe(200);
    expect(reached).toEqual(['DELETE /api/dashboard/profiles/p1']);
  });

  it.each([FOREIGN, 'null'])('when another site or an opaque origin (%s) reads with GET or HEAD, then it is not blocked', async (origin) => {
    for (const method of ['GET', 'HEAD']) {
      expect((await send(method, '/api/dashboard/profiles', origin)).status).toBe(200);
      expect((await send(method, '/api/feature-flags', origin)).status).toBe(200);
    }
    expect(reached).toEqual(['GET /api/dashboard/profiles', 'HEAD /api/dashboard/profiles']);
  });

  it('when another site sends a CORS preflight, then it is answered without granting the origin', async () => {
    const res = await fetch(`${gateway.url}/api/dashboard/profiles/p1`, {
      method: 'OPTIONS',
      headers: { origin: FOREIGN, 'access-control-request-method': 'PATCH' },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(reached).toEqual([]);
  });
});
