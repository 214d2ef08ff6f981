import { CALCULATOR_DEFAULTS, ZERO_ADDRESS, type EconomicsReply, type ErrorReply } from '@shm/contracts';
import { postJson } from '@shm/platform/testing';
import { compose, start, type Started } from './support/services';

describe('gateway in front of calc', () => {
  let calc: Started;
  let gateway: Started;
  beforeAll(async () => {
    // The gate follows no flag here: calc is open, as with the gate off.
    calc = await start(await compose.calc({}, { gate: { isOn: () => false } }));
    gateway = await start(await compose.gateway({ CALC_URL: calc.url, PROXY_TIMEOUT_MS: '500' }));
  });
  afterAll(async () => {
    await gateway.stop();
    await calc.stop();
  });

  it('when a calculation is posted to the gateway, then calc answers through it with the request id kept', async () => {
    const res = await postJson(
      `${gateway.url}/api/calculations/economics`,
      { params: CALCULATOR_DEFAULTS, walletAddress: ZERO_ADDRESS },
      { 'x-request-id': 'trace-123' },
    );
    expect(res.status).toBe(200);
    expect((res.body as EconomicsReply).results.maxNodes).toBe(32);
    expect(res.headers.get('x-request-id')).toBe('trace-123');
  });

  it('when calc rejects a field, then the 400 passes through unchanged', async () => {
    const res = await postJson(`${gateway.url}/api/calculations/economics`, {
      params: { ...CALCULATOR_DEFAULTS, totalNodes: 0 },
      walletAddress: ZERO_ADDRESS,
    });
    expect(res.status).toBe(400);
    expect((res.body as ErrorReply).error.fields?.['params.totalNodes']).toBe('Must be at least 1');
  });

  it('when a body is larger than the limit, then the gateway answers 413 before any service sees it', async () => {
    const res = await postJson(`${gateway.url}/api/calculations/economics`, { pad: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect((res.body as ErrorReply).error.code).toBe('PAYLOAD_TOO_LARGE');
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
    expect((foreign.body as ErrorReply).error).toMatchObject({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
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
