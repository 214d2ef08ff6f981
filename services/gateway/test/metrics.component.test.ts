import { randomUUID } from 'node:crypto';
import { CALCULATOR_DEFAULTS, ZERO_ADDRESS } from '@shm/contracts';
import { listen, type RunningServer } from '@shm/platform';
import { errorOf, identifyingLabels, postJson, scrape } from '@shm/platform/testing';
import { startGateway, type TestGateway } from './support/gateway';

const ADDRESS = '0x9f8e7d6c5b4a39281706f5e4d3c2b1a098765432';

// Stands in for calc and payments: answers 200 to whatever the gateway forwards.
let upstream: RunningServer;
let gateway: TestGateway;
beforeAll(async () => {
  upstream = await listen((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 0);
  gateway = await startGateway({ CALC_URL: upstream.url, PAYMENTS_URL: upstream.url });
});
afterAll(async () => {
  await gateway.close();
  await upstream.close();
});

describe('gateway metrics', () => {
  it('when requests with addresses and ids in their paths pass through, then each counts under its API template and no label holds an identifier', async () => {
    const session = randomUUID();
    // Proxied on the gateway's lean front, on its express app (a rate-limited payment path), and not found.
    expect((await fetch(`${gateway.url}/api/wallet/${ADDRESS}/session-info`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/api/wallet/${ADDRESS.toUpperCase().replace('0X', '0x')}/session-info`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/api/session/${session}`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/api/check-payment-status/${ADDRESS}`, { method: 'POST' })).status).toBe(200);
    expect((await postJson(`${gateway.url}/api/calculations/economics`, { params: CALCULATOR_DEFAULTS, walletAddress: ZERO_ADDRESS })).status).toBe(200);
    expect((await fetch(`${gateway.url}/api/no-such-thing/${ADDRESS}`)).status).toBe(404);
    // The gateway's own route, and a method the registry does not declare there (405).
    expect((await fetch(`${gateway.url}/api/feature-flags`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/api/calculations/economics`, { method: 'PUT' })).status).toBe(405);

    const scraped = await scrape(`${gateway.url}/metrics`);
    const count = (labels: Record<string, string>) => scraped.sum('http_requests_total', { service: 'gateway', ...labels });
    expect(count({ route: '/api/wallet/:address/session-info', method: 'GET', status_class: '2xx' })).toBe(2);
    expect(count({ route: '/api/session/:sessionId', method: 'GET', status_class: '2xx' })).toBe(1);
    expect(count({ route: '/api/check-payment-status/:address', method: 'POST', status_class: '2xx' })).toBe(1);
    expect(count({ route: '/api/calculations/economics', method: 'POST', status_class: '2xx' })).toBe(1);
    expect(count({ route: '/api/calculations/economics', method: 'PUT', status_class: '4xx' })).toBe(1);
    expect(count({ route: '/api/feature-flags', method: 'GET', status_class: '2xx' })).toBe(1);
    expect(count({ route: 'unmatched', method: 'GET', status_class: '4xx' })).toBe(1);
    // Every route label is a registry template or "unmatched": 7 series for the 8 requests.
    expect(scraped.find('http_requests_total').map((s) => s.labels.route).sort()).toEqual(
      [
        '/api/calculations/economics',
        '/api/calculations/economics',
        '/api/check-payment-status/:address',
        '/api/feature-flags',
        '/api/session/:sessionId',
        '/api/wallet/:address/session-info',
        'unmatched',
      ].sort(),
    );
    expect(scraped.sum('http_request_duration_seconds_count', { route: '/api/wallet/:address/session-info' })).toBe(2);
    expect(identifyingLabels(scraped)).toEqual([]);
  });

  it('when /api/metrics is asked for, then it is a 404 in the error shape, not the metrics', async () => {
    const res = await fetch(`${gateway.url}/api/metrics`);
    expect(res.status).toBe(404);
    const body = await res.text();
    expect(errorOf(JSON.parse(body)).code).toBe('NOT_FOUND');
    expect(body).not.toMatch(/http_requests_total|# TYPE/);
  });
});
