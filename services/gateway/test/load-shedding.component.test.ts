import type { ServerResponse } from 'node:http';
import { CALCULATOR_DEFAULTS, ZERO_ADDRESS } from '@shm/contracts';
import { listen } from '@shm/platform';
import { errorOf, postJson, scrape } from '@shm/platform/testing';
import { startGateway, type TestGateway } from './support/gateway';

const BOUND = 4;
const economics = { params: CALCULATOR_DEFAULTS, walletAddress: ZERO_ADDRESS };

/** A calc that holds every request until the test lets it answer: the slow upstream requests pile up on. */
async function slowCalc() {
  const held: ServerResponse[] = [];
  const seen = { hungUp: 0 };
  const server = await listen((req, res) => {
    req.resume();
    req.once('end', () => held.push(res));
    res.once('close', () => {
      if (!res.writableFinished) seen.hungUp += 1;
    });
  }, 0);
  return {
    server,
    held,
    seen,
    /** Answers every held request (200, a body the test can tell). */
    releaseAll() {
      for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'application/json' }).end('{"answered":true}');
    },
  };
}

async function until(check: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('gateway load shedding (GATEWAY_MAX_IN_FLIGHT)', () => {
  let calc: Awaited<ReturnType<typeof slowCalc>>;
  let gateway: TestGateway;
  beforeAll(async () => {
    calc = await slowCalc();
    // The proxy timeout is left long: the held requests must wait for the test, not time out.
    // Nothing listens on port 9 (discard): a call to payments gets through the gateway to a 502.
    gateway = await startGateway({ CALC_URL: calc.server.url, PAYMENTS_URL: 'http://127.0.0.1:9', GATEWAY_MAX_IN_FLIGHT: String(BOUND), GATEWAY_RETRY_AFTER_S: '3', PROXY_TIMEOUT_MS: '30000' });
  });
  afterAll(async () => {
    calc.releaseAll();
    await gateway.close();
    calc.server.server.closeAllConnections();
    await calc.server.close();
  });

  it('when the bound is reached, then one more request gets 503 OVERLOADED with Retry-After at once, probes still answer, and once load drops requests succeed again', async () => {
    const first = Array.from({ length: BOUND }, () => postJson(`${gateway.url}/api/calculations/economics`, economics));
    await until(() => calc.held.length === BOUND, `${BOUND} requests held by calc`);

    // The lean (proxied) path and the express path (the gateway's own routes) share the one count.
    const proxied = await postJson(`${gateway.url}/api/calculations/economics`, economics, { 'x-request-id': 'shed-1' });
    const own = await fetch(`${gateway.url}/api/feature-flags`);
    // Answered while calc still holds every admitted request: nothing waited for a slot.
    expect(calc.held.length).toBe(BOUND);
    expect(proxied.status).toBe(503);
    expect(proxied.headers.get('retry-after')).toBe('3');
    expect(proxied.body).toEqual({ error: { code: 'OVERLOADED', message: 'The server is busy; try again shortly', requestId: 'shed-1' } });
    expect(proxied.headers.get('x-request-id')).toBe('shed-1');
    expect(own.status).toBe(503);
    expect(((await own.json()) as { error: { code: string } }).error.code).toBe('OVERLOADED');

    // An operator sees it: the gauge at the bound, both refusals counted (and nothing before them).
    const busy = await scrape(`${gateway.url}/metrics`);
    expect([busy.sum('gateway_requests_in_flight'), busy.sum('gateway_requests_shed_total')]).toEqual([BOUND, 2]);

    // A load balancer's probes are never refused: the process is alive and ready, only busy.
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/readyz`)).status).toBe(200);
    // Nor a payer waiting for the confirmation, which holds no work (no payments service here: a 502).
    const verify = await postJson(`${gateway.url}/api/verify-payment`, { walletAddress: ZERO_ADDRESS, transactionHash: `0x${'1'.repeat(64)}` });
    expect([verify.status, errorOf(verify).code]).toEqual([502, 'UPSTREAM_UNAVAILABLE']);

    calc.releaseAll();
    const answers = await Promise.all(first);
    expect(answers.map((a) => [a.status, a.body])).toEqual(Array.from({ length: BOUND }, () => [200, { answered: true }]));

    // No restart: the whole bound is free again (every slot was given back).
    const again = Array.from({ length: BOUND }, () => postJson(`${gateway.url}/api/calculations/economics`, economics));
    await until(() => calc.held.length === BOUND, 'the bound admitted again');
    calc.releaseAll();
    expect((await Promise.all(again)).map((a) => a.status)).toEqual(Array.from({ length: BOUND }, () => 200));
  });

  it('when a client hangs up while its request is in flight, then its slot is given back', async () => {
    const aborts = Array.from({ length: BOUND }, () => new AbortController());
    const gone = aborts.map((abort) =>
      fetch(`${gateway.url}/api/calculations/economics`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(economics),
        signal: abort.signal,
      }).catch(() => 'aborted'),
    );
    await until(() => calc.held.length === BOUND, `${BOUND} requests held by calc`);
    expect((await postJson(`${gateway.url}/api/calculations/economics`, economics)).status).toBe(503);
    for (const abort of aborts) abort.abort();
    expect(await Promise.all(gone)).toEqual(Array.from({ length: BOUND }, () => 'aborted'));
    // The gateway frees the slot, then drops the upstream request: once calc sees them all go, the slots are free.
    await until(() => calc.seen.hungUp === BOUND, 'the upstream requests dropped');
    calc.held.splice(0);
    const after = postJson(`${gateway.url}/api/calculations/economics`, economics);
    await until(() => calc.held.length === 1, 'a new request admitted after the hang-ups');
    calc.releaseAll();
    expect((await after).status).toBe(200);
  });
});
