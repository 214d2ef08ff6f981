import { CALCULATOR_DEFAULTS, IDENTITY_HEADER, ZERO_ADDRESS } from '@shm/contracts';
import { listen, type RunningServer } from '@shm/platform';
import { postJson, testLogger } from '@shm/platform/testing';
import { createApp as createCalcApp } from '../../calc/src/app';
import { startGateway as startTestGateway } from './support/gateway';

const startGateway = (calcUrl: string) => startTestGateway({ CALC_URL: calcUrl });

describe('gateway in front of calc', () => {
  let calc: RunningServer;
  let gateway: RunningServer;
  beforeAll(async () => {
    calc = await listen(createCalcApp({ logger: testLogger('calc') }), 0);
    gateway = await startGateway(calc.url);
  });
  afterAll(async () => {
    await gateway.close();
    await calc.close();
  });

  it('when a calculation is posted to the gateway, then calc answers through it with the request id kept', async () => {
    const res = await postJson(
      `${gateway.url}/api/calculations/economics`,
      { params: CALCULATOR_DEFAULTS, walletAddress: ZERO_ADDRESS },
      { 'x-request-id': 'trace-123' },
    );
    expect(res.status).toBe(200);
    expect(res.body.results.maxNodes).toBe(32);
    expect(res.headers.get('x-request-id')).toBe('trace-123');
  });

  it('when calc rejects a field, then the 400 passes through unchanged', async () => {
    const res = await postJson(`${gateway.url}/api/calculations/economics`, {
      params: { ...CALCULATOR_DEFAULTS, totalNodes: 0 },
      walletAddress: ZERO_ADDRESS,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields['params.totalNodes']).toBe('Must be at least 1');
  });

  it('when a body is larger than the limit, then the gateway answers 413 before any service sees it', async () => {
    const res = await postJson(`${gateway.url}/api/calculations/economics`, { pad: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('when a path belongs to no service, then 404 comes in the error shape', async () => {
    const res = await fetch(`${gateway.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('when another site makes a browser send a state-changing request, then it is refused (body-less logout included); our own origin passes', async () => {
    const from = (origin: string) => ({ origin });
    const economics = { params: CALCULATOR_DEFAULTS, walletAddress: ZERO_ADDRESS };
    const foreign = await postJson(`${gateway.url}/api/calculations/economics`, economics, from('https://evil.example'));
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toMatchObject({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
    const logout = await fetch(`${gateway.url}/api/auth/logout`, { method: 'POST', headers: from('https://evil.example') });
    expect(logout.status).toBe(403);
    expect((await postJson(`${gateway.url}/api/calculations/economics`, economics, from('http://localhost:8080'))).status).toBe(200);
    // Reads stay open to anyone (CORS decides who may see them).
    expect((await fetch(`${gateway.url}/api/feature-flags`, { headers: from('https://evil.example') })).status).toBe(200);
  });

  it('when a response leaves the gateway, then it carries security headers and CORS for the web origin only', async () => {
    const allowed = await fetch(`${gateway.url}/healthz`, { headers: { origin: 'http://localhost:8080' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
    expect(allowed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(allowed.headers.get('x-powered-by')).toBeNull();
    const other = await fetch(`${gateway.url}/healthz`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('gateway when the upstream misbehaves', () => {
  it('when calc is stopped, then the caller gets 502 in the error shape with a request id', async () => {
    const calc = await listen(createCalcApp({ logger: testLogger('calc') }), 0);
    const url = calc.url;
    await calc.close();
    const gateway = await startGateway(url);
    try {
      const res = await postJson(`${gateway.url}/api/calculations/economics`, { params: CALCULATOR_DEFAULTS, walletAddress: ZERO_ADDRESS });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(res.body.error.message).toBe('The calc service is unavailable');
      expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
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
