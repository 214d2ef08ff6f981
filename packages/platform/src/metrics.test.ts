import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { handler } from './route-handler';
import { createMetrics, metricsListener, type Metrics } from './metrics';
import { createServiceApp } from './service-app';
import { listen, type RunningServer } from './server';
import { postChunked } from './testing/raw-http';
import { testLogger } from './testing/http';
import { identifyingLabels, parseMetrics, scrape } from './testing/metrics';

const ADDRESS = '0x9F8e7d6C5b4A39281706f5E4d3C2b1A098765432';
const base = { service: 'calc', auth: 'none', errors: [400] } as const;
const routes = [
  handler({ ...base, method: 'POST', path: '/sum', body: z.object({ a: z.number(), b: z.number() }), reply: z.object({ total: z.number() }) }, ({ body: { a, b } }) => ({
    total: a + b,
  })),
  handler({ ...base, method: 'GET', path: '/things/:id', pathParams: z.object({ id: z.string() }), reply: z.object({ id: z.string() }) }, ({ params: { id } }) => ({ id })),
  handler({ ...base, method: 'GET', path: '/slow', reply: z.object({}) }, async () => (await sleep(300), {})),
];

let metrics: Metrics;
let server: RunningServer;
beforeAll(async () => {
  metrics = createMetrics('unit-test');
  const app = createServiceApp({ name: 'unit-test', logger: testLogger(), metrics, routes });
  server = await listen(app, 0);
});
afterAll(() => server.close());

const post = (path: string, body: string) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
/** What the scrape says so far: the counts below are worked out from the requests each test sends. */
const total = async (labels: Record<string, string>) => (await scrape(`${server.url}/metrics`)).sum('http_requests_total', labels);

describe('request metrics of a service app', () => {
  it('when /metrics is read, then it answers the text format with the HTTP metrics, the Node runtime and the service label', async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const scraped = parseMetrics(await res.text());
    expect(scraped.types.get('http_request_duration_seconds')).toBe('histogram');
    expect(scraped.types.get('http_requests_total')).toBe('counter');
    expect(scraped.types.get('process_resident_memory_bytes')).toBe('gauge');
    expect(scraped.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(scraped.find('process_resident_memory_bytes')[0]?.labels).toEqual({ service: 'unit-test' });
  });

  it('when a body comes whole and another chunked, then both count under the route template', async () => {
    const before = await total({ route: '/sum', method: 'POST', status_class: '2xx' });
    expect((await post('/sum', '{"a":1,"b":2}')).status).toBe(200);
    expect((await postChunked(`${server.url}/sum`, '{"a":1,"b":2}')).status).toBe(200);
    expect(await total({ route: '/sum', method: 'POST', status_class: '2xx' })).toBe(before + 2);
  });

  it('when a request fails, then it counts in its status class under the route', async () => {
    const before = await total({ route: '/sum', status_class: '4xx' });
    expect((await post('/sum', '{"a":')).status).toBe(400);
    expect(await total({ route: '/sum', status_class: '4xx' })).toBe(before + 1);
  });

  it('when a path holds an address, then the label is the route template, and a path no route answers is "unmatched"', async () => {
    expect((await fetch(`${server.url}/things/${ADDRESS}`)).status).toBe(200);
    expect((await fetch(`${server.url}/nothing/${ADDRESS}`)).status).toBe(404);
    const scraped = await scrape(`${server.url}/metrics`);
    expect(scraped.sum('http_requests_total', { route: '/things/:id', method: 'GET', status_class: '2xx' })).toBe(1);
    expect(scraped.sum('http_requests_total', { route: 'unmatched', method: 'GET', status_class: '4xx' })).toBe(1);
    expect(identifyingLabels(scraped)).toEqual([]);
  });

  it('when requests are counted, then the histogram holds each one once, in a bucket no lower than its time', async () => {
    await fetch(`${server.url}/slow`);
    const scraped = await scrape(`${server.url}/metrics`);
    const labels = { route: '/slow', method: 'GET', status_class: '2xx' };
    expect(scraped.sum('http_request_duration_seconds_count', labels)).toBe(1);
    expect(scraped.sum('http_request_duration_seconds_sum', labels)).toBeGreaterThanOrEqual(0.29);
    // 300 ms: above the 0.25 s bound, within the 0.5 s one.
    expect(scraped.sum('http_request_duration_seconds_bucket', { ...labels, le: '0.25' })).toBe(0);
    expect(scraped.sum('http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(1);
    for (const route of ['/sum', '/things/:id']) {
      expect(scraped.sum('http_request_duration_seconds_count', { route })).toBe(scraped.sum('http_requests_total', { route }));
    }
  });

  it('when probes and scrapes are answered, then they are not counted as traffic', async () => {
    await fetch(`${server.url}/healthz`);
    await fetch(`${server.url}/readyz`);
    const scraped = await scrape(`${server.url}/metrics`);
    expect(scraped.find('http_requests_total').some((s) => ['/healthz', '/readyz', '/metrics'].includes(s.labels.route ?? ''))).toBe(false);
  });

  it('when the client leaves before any reply, then the request counts as "aborted"', async () => {
    await new Promise<void>((resolve) => {
      const req = http.get(`${server.url}/slow`);
      req.on('error', () => resolve());
      setTimeout(() => req.destroy(), 50);
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(await total({ route: '/slow', status_class: 'aborted' })).toBe(1);
  });

  it('when a method outside the usual set is used, then it counts as "other"', async () => {
    const status = await new Promise<number | undefined>((resolve) => {
      const req = http.request(`${server.url}/things/1`, { method: 'PROPFIND' }, (res) => (res.resume(), resolve(res.statusCode)));
      req.end();
    });
    expect(status).toBe(404);
    expect(await total({ route: 'unmatched', method: 'other' })).toBe(1);
  });
});

describe('the request histogram', () => {
  it('when durations fall on, between and beyond the bounds, then each bucket counts those at or below its bound', async () => {
    const own = createMetrics('buckets');
    for (const seconds of [0.0005, 0.001, 0.3, 100]) own.observeRequest('GET', '/x', 200, seconds);
    const scraped = parseMetrics(await own.scrape());
    const bucket = (le: string) => scraped.sum('http_request_duration_seconds_bucket', { route: '/x', le });
    // By hand: ≤ 1 ms: 0.0005 and 0.001 (a bound is inclusive); ≤ 0.25 s: still 2; ≤ 0.5 s: + 0.3; ≤ 30 s: 3; +Inf: all 4.
    expect([bucket('0.001'), bucket('0.0025'), bucket('0.25'), bucket('0.5'), bucket('30'), bucket('+Inf')]).toEqual([2, 2, 2, 3, 3, 4]);
    expect(scraped.sum('http_request_duration_seconds_sum', { route: '/x' })).toBeCloseTo(100.3015, 6);
    expect(scraped.sum('http_request_duration_seconds_count', { route: '/x' })).toBe(4);
    expect(scraped.find('http_requests_total')).toEqual([
      { name: 'http_requests_total', labels: { method: 'GET', route: '/x', status_class: '2xx', service: 'buckets' }, value: 4 },
    ]);
    expect(scraped.find('http_request_duration_seconds_bucket', { route: '/x' })).toHaveLength(15);
  });
});

describe('gauges collected at scrape time', () => {
  it('when a collection fails, then that gauge is empty and the rest of the scrape still answers', async () => {
    const own = createMetrics('gauges');
    let depth = 3;
    own.gauge({ name: 'works', help: 'h', labelNames: ['state'], collect: async () => [{ labels: { state: 'waiting' }, value: depth }] });
    own.gauge({ name: 'breaks', help: 'h', collect: async () => Promise.reject(new Error('redis is away')) });
    const listener = await listen(metricsListener(own), 0);
    try {
      let scraped = await scrape(`${listener.url}/metrics`);
      expect(scraped.find('works')).toEqual([{ name: 'works', labels: { state: 'waiting', service: 'gauges' }, value: 3 }]);
      expect(scraped.types.get('breaks')).toBe('gauge');
      expect(scraped.find('breaks')).toEqual([]);
      depth = 0;
      scraped = await scrape(`${listener.url}/metrics`);
      expect(scraped.sum('works', { state: 'waiting' })).toBe(0);
      expect((await fetch(`${listener.url}/other`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});

describe('histograms of occasional work', () => {
  it('when values are observed, then each bucket counts those up to its bound, with sum and count', async () => {
    const own = createMetrics('histograms');
    const runs = own.histogram({ name: 'job_run_seconds', help: 'h', buckets: [0.5, 2] });
    const listener = await listen(metricsListener(own), 0);
    try {
      // Before any run the series are there, at 0.
      expect((await scrape(`${listener.url}/metrics`)).find('job_run_seconds_count').map((s) => s.value)).toEqual([0]);
      for (const seconds of [0.1, 0.5, 1, 3]) runs.observe({}, seconds);
      const scraped = await scrape(`${listener.url}/metrics`);
      expect(scraped.types.get('job_run_seconds')).toBe('histogram');
      // By hand: ≤ 0.5 holds 0.1 and 0.5 (2); ≤ 2 adds 1 (3); +Inf all four; sum 0.1 + 0.5 + 1 + 3 = 4.6.
      expect(scraped.find('job_run_seconds_bucket').map((s) => [s.labels.le, s.value])).toEqual([['0.5', 2], ['2', 3], ['+Inf', 4]]);
      expect(scraped.sum('job_run_seconds_sum')).toBeCloseTo(4.6, 10);
      expect(scraped.sum('job_run_seconds_count')).toBe(4);
    } finally {
      await listener.close();
    }
  });
});
