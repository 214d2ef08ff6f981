import http from 'node:http';
import { CALCULATOR_DEFAULTS, ZERO_ADDRESS } from '@shm/contracts';
import { documentedMetrics, identifyingLabels, scrape, type Scrape } from '@shm/platform/testing';
import { testClientIp } from './support/admin-api';
import { BASE_URL } from './support/browser';
import { METRICS_URLS, call, payThroughApi, scrapeAll, signedInWallet, startPaymentsWorker } from './support/metrics';

// Every process of the stack, plus a payments worker of this file's own, scraped before and after a
// little real traffic through the public entry: a calculation, network reads, a sign-in, a payment
// verified on the local chain, and calls with an address in their path.
jest.setTimeout(120_000);

const ip = testClientIp();
let worker: Awaited<ReturnType<typeof startPaymentsWorker>>;
let before: Record<string, Scrape>;
let after: Record<string, Scrape>;
let address: string;

/** One process's scrape after the traffic. */
const afterOf = (name: string): Scrape => {
  const scrape = after[name];
  if (!scrape) throw new Error(`${name} was not scraped`);
  return scrape;
};

const completedJobs = (scrapes: Record<string, Scrape>) =>
  ['payments', 'worker'].reduce((sum, name) => sum + (scrapes[name]?.sum('payment_verification_jobs_total', { outcome: 'completed' }) ?? 0), 0);

beforeAll(async () => {
  worker = await startPaymentsWorker();
  const urls = { ...METRICS_URLS, worker: worker.metricsUrl };
  before = await scrapeAll(urls);

  expect((await call(ip, 'POST', '/api/calculations/economics', { body: { params: CALCULATOR_DEFAULTS, walletAddress: ZERO_ADDRESS } })).status).toBe(200);
  expect((await call(ip, 'GET', '/api/shardeum-network')).status).toBe(200);
  // A poll of the stand-in archiver now (debounced: within 10 s of another refresh it starts none).
  expect((await call(ip, 'POST', '/api/shardeum-network/refresh', { body: {} })).status).toBe(200);
  // A signed-in browser gets the app shell, which the server does not render (docs/server-rendering.md):
  // the API counts below are then those of the calls made here alone.
  expect((await call(ip, 'GET', '/', { cookie: 'shm_session=signed-in-elsewhere' })).status).toBe(200);
  const signedIn = await signedInWallet(ip);
  address = signedIn.wallet.address.toLowerCase();
  const info = await call(ip, 'GET', `/api/wallet/${address}/session-info`, { cookie: signedIn.cookie });
  expect(info.status).toBe(200);
  // The dashboard is behind its flag (off): refused, and still counted.
  expect((await call(ip, 'GET', `/api/dashboard/scenarios/${address}`, { cookie: signedIn.cookie })).status).toBeGreaterThanOrEqual(400);
  await payThroughApi(ip, signedIn);
  signedIn.chain.destroy();

  // Either payments process may take the job (both run a worker): wait until one of them counts it.
  const deadline = Date.now() + 30_000;
  do {
    await new Promise((r) => setTimeout(r, 300));
    after = await scrapeAll(urls);
  } while (completedJobs(after) <= completedJobs(before) && Date.now() < deadline);
});
afterAll(() => worker?.stop());

const requests = (scraped: Scrape | undefined, labels: Record<string, string>) => scraped?.sum('http_requests_total', labels) ?? 0;
const moved = (name: string, labels: Record<string, string>) => requests(after[name], labels) - requests(before[name], labels);

describe('metrics of every process', () => {
  it('when each process is scraped, then it answers the HTTP, runtime and its own metrics with their types and its service label', () => {
    const own: Record<string, [string, string][]> = {
      calc: [['event_consumer_lag', 'gauge'], ['event_consumer_pending', 'gauge']],
      dashboard: [['event_consumer_lag', 'gauge']],
      alerts: [
        ['event_consumer_lag', 'gauge'],
        ['alert_delivery_queue_depth', 'gauge'],
        ['alert_deliveries_total', 'counter'],
        ['alert_delivery_duration_seconds', 'histogram'],
      ],
      network: [['network_polls_total', 'counter'], ['network_snapshot_age_seconds', 'gauge']],
      'node-tracking': [['network_node_tracking_run_seconds', 'histogram'], ['network_node_changes_total', 'counter']],
      payments: [['payment_verification_queue_depth', 'gauge'], ['payment_verification_jobs_total', 'counter']],
      worker: [['payment_verification_queue_depth', 'gauge'], ['payment_verification_jobs_total', 'counter']],
      gateway: [],
      web: [['web_page_renders_total', 'counter'], ['web_page_render_seconds', 'histogram']],
    };
    const service = (name: string) => (name === 'worker' ? 'payments-worker' : name);
    for (const [name, metrics] of Object.entries(own)) {
      const types = afterOf(name).types;
      const expected: [string, string][] = [
        ['http_request_duration_seconds', 'histogram'],
        ['http_requests_total', 'counter'],
        ['process_resident_memory_bytes', 'gauge'],
        ['nodejs_eventloop_lag_seconds', 'gauge'],
        ...metrics,
      ];
      expect({ name, types: expected.map(([metric]) => [metric, types.get(metric)]) }).toEqual({ name, types: expected });
      expect({ name, services: [...new Set(after[name]?.samples.map((s) => s.labels.service))] }).toEqual({ name, services: [service(name)] });
    }
  });

  it('when traffic passed every hop, then each hop counted it under the route template with method and status class', () => {
    const economics = { route: '/api/calculations/economics', method: 'POST', status_class: '2xx' };
    for (const hop of ['web', 'gateway', 'calc']) expect({ hop, moved: moved(hop, economics) }).toEqual({ hop, moved: 1 });
    const sessionInfo = { route: '/api/wallet/:address/session-info', method: 'GET', status_class: '2xx' };
    for (const hop of ['web', 'gateway', 'payments']) expect({ hop, moved: moved(hop, sessionInfo) }).toEqual({ hop, moved: 1 });
    expect(moved('network', { route: '/api/shardeum-network', method: 'GET', status_class: '2xx' })).toBe(1);
    expect(moved('dashboard', { route: '/api/dashboard/scenarios/:address', method: 'GET', status_class: '4xx' })).toBe(1);
    expect(moved('payments', { route: '/api/payment/initiate', method: 'POST', status_class: '2xx' })).toBe(1);
    expect(moved('payments', { route: '/api/payment/submitted', method: 'POST', status_class: '2xx' })).toBe(1);
    expect(moved('web', { route: '/*', method: 'GET', status_class: '2xx' })).toBe(1);
    expect((after.web?.sum('web_page_renders_total', { outcome: 'shell' }) ?? 0) - (before.web?.sum('web_page_renders_total', { outcome: 'shell' }) ?? 0)).toBe(1);
    // Every label set is exactly method, route, status class and the service; the histogram adds `le`.
    for (const [name, scraped] of Object.entries(after)) {
      for (const s of scraped.find('http_requests_total')) expect({ name, labels: Object.keys(s.labels).sort() }).toEqual({ name, labels: ['method', 'route', 'service', 'status_class'] });
      expect(scraped.find('http_request_duration_seconds_bucket').every((s) => 'le' in s.labels && 'route' in s.labels)).toBe(true);
    }
  });

  it('when a payment was verified, then a worker counted the job and the queue reports its states', () => {
    expect(completedJobs(after) - completedJobs(before)).toBe(1);
    expect(after.worker?.find('payment_verification_queue_depth').map((s) => s.labels.state).sort()).toEqual(['active', 'delayed', 'failed', 'prioritized', 'waiting']);
    expect(after.payments?.sum('payment_verification_queue_depth', { state: 'waiting' })).toBe(0);
  });

  it('when the services follow their event streams, then each live consumer group reports its lag, and the network its polls and snapshot age', () => {
    const lagStreams = (name: string) => [...new Set(afterOf(name).find('event_consumer_lag').map((s) => s.labels.stream))].sort();
    expect(lagStreams('calc')).toEqual(['events:access.revoked', 'events:flags.changed', 'events:network.updated', 'events:payment.confirmed']);
    expect(lagStreams('dashboard')).toEqual(['events:flags.changed', 'events:network.updated']);
    expect(lagStreams('alerts')).toEqual(['events:flags.changed', 'events:network.changed', 'events:network.updated', 'events:nodes.changed']);
    expect(after.calc?.find('event_consumer_lag', { group: 'calc-grants' })).toHaveLength(2);
    for (const s of ['calc', 'dashboard', 'alerts'].flatMap((name) => afterOf(name).find('event_consumer_lag'))) expect(s.value).toBeGreaterThanOrEqual(0);
    // The refresh polled the stand-in archiver a few seconds ago (or another test's did, within the 10 s debounce).
    expect(after.network?.sum('network_polls_total', { source: 'archiver', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    const age = afterOf('network').sum('network_snapshot_age_seconds');
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
  });

  it('when the scrapes are read against docs/operations.md, then each documented metric is served with its type, labels and listed values, and nothing undocumented is', () => {
    const documented = documentedMetrics();
    for (const metric of documented) {
      const servedBy = Object.entries(after).filter(([, scraped]) => scraped.types.get(metric.name) === metric.type).map(([name]) => name);
      expect({ metric: metric.name, served: servedBy.length > 0 }).toEqual({ metric: metric.name, served: true });
      for (const scraped of Object.values(after)) {
        const samples = scraped.samples.filter((s) => s.name === metric.name || (metric.type === 'histogram' && s.name.startsWith(`${metric.name}_`)));
        for (const { name, labels } of samples) {
          for (const [label, value] of Object.entries(labels)) {
            if (label === 'service' || (label === 'le' && name.endsWith('_bucket'))) continue;
            const listed = metric.labels.get(label);
            expect({ name, label, documented: metric.labels.has(label), value, listed: listed ? listed.includes(value) : true }).toEqual({ name, label, documented: true, value, listed: true });
          }
        }
      }
    }
    const names = new Set(documented.map((m) => m.name));
    for (const [name, scraped] of Object.entries(after)) {
      const undocumented = [...scraped.types.keys()].filter((metric) => !names.has(metric) && !/^(process|nodejs)_/.test(metric));
      expect({ name, undocumented }).toEqual({ name, undocumented: [] });
    }
  });

  it('when calls carried a wallet address, a session id and a transaction hash, then no label value anywhere holds one', () => {
    for (const [name, scraped] of Object.entries(after)) expect({ name, identifying: identifyingLabels(scraped) }).toEqual({ name, identifying: [] });
    const everything = Object.values(after).flatMap((s) => s.samples.flatMap((sample) => Object.values(sample.labels)));
    expect(everything.some((value) => value.toLowerCase().includes(address.slice(2, 12)))).toBe(false);
  });
});

describe('metrics are not public', () => {
  it.each(['/metrics', '/api/metrics', '/api/../metrics', '/api/%2e%2e/metrics', '/metrics/', '/METRICS'])(
    'when %s is asked of the public entry, then no metrics come back',
    async (pathname) => {
      const res = await rawGet(pathname);
      expect(res.status).toBeLessThan(500);
      expect(res.body).not.toMatch(/# TYPE|http_requests_total|process_resident_memory_bytes/);
    },
  );

  it('when the web entry\'s metrics port is asked for anything but /metrics, then it answers 404', async () => {
    expect((await fetch(METRICS_URLS.web.replace('/metrics', '/'))).status).toBe(404);
    expect((await scrape(METRICS_URLS.web)).types.get('http_requests_total')).toBe('counter');
  });
});

/** A GET with the path sent as written (fetch would resolve `..`), as any client could send it. */
function rawGet(pathname: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(BASE_URL);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: pathname, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
