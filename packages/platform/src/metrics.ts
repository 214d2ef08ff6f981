import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Counter, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import { requestSeries, type SampleValue } from './http-metrics';
import type { Logger } from './logger';

/** A label set's values; every value must come from a fixed list (a route template, a state), never from a request. */
export type LabelValues<L extends string> = Partial<Record<L, string>>;

export interface CounterHandle<L extends string> {
  inc(labels: LabelValues<L>, by?: number): void;
}

export interface HistogramHandle<L extends string> {
  observe(labels: LabelValues<L>, value: number): void;
}

export interface GaugeOptions<L extends string> {
  name: string;
  help: string;
  /** The labels its samples carry (for the reader; the samples are what the scrape shows). */
  labelNames?: readonly L[];
  /**
   * Runs at each scrape and returns the samples as they are now (state at scrape time, such as a
   * queue's depth). A failure is logged and leaves the gauge empty for that scrape: no stale value,
   * and the rest of the scrape still answers.
   */
  collect: () => Promise<readonly { labels?: LabelValues<L>; value: number }[]>;
}

export interface Metrics {
  /** The label every sample of this process carries (calc, gateway, payments-worker, …). */
  readonly service: string;
  readonly registry: Registry;
  /** One finished HTTP request: `status` 0 when the client left before any reply. */
  observeRequest(method: string | undefined, route: string, status: number, seconds: number): void;
  counter<L extends string>(options: { name: string; help: string; labelNames?: readonly L[] }): CounterHandle<L>;
  gauge<L extends string>(options: GaugeOptions<L>): void;
  /**
   * A histogram for work that happens now and then (a job run, not a request: requests have their
   * own hand-kept series, http-metrics.ts). `buckets` are the upper bounds, in the metric's unit.
   */
  histogram<L extends string>(options: { name: string; help: string; labelNames?: readonly L[]; buckets: readonly number[] }): HistogramHandle<L>;
  /** The text exposition of every metric (what GET /metrics answers). */
  scrape(): Promise<string>;
  readonly contentType: string;
}

/** A scrape should not hang on a datastore that does not answer: a gauge's collection gets this long. */
const COLLECT_TIMEOUT_MS = 2_000;

/**
 * A metric whose samples are read when scraped. The registry takes any object that reports its
 * samples; prom-client's own classes keep theirs as they are observed.
 */
function registerCollected(registry: Registry, name: string, help: string, type: 'counter' | 'gauge' | 'histogram', values: () => Promise<SampleValue[]> | SampleValue[]) {
  const metric = { name, help, type, aggregator: 'sum', reset() {}, get: async () => ({ name, help, type, aggregator: 'sum', values: await values() }) };
  registry.registerMetric(metric as unknown as Metric);
}

/**
 * One registry per process, every sample labelled `service`, with Node's runtime metrics
 * (`process_*`, `nodejs_*`) and the HTTP metrics every entry point records through requestContext:
 * `http_request_duration_seconds` (histogram) and `http_requests_total` by method, route template
 * and status class.
 */
export function createMetrics(service: string, { logger }: { logger?: Logger } = {}): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const requests = requestSeries();
  const duration = 'http_request_duration_seconds';
  registerCollected(registry, duration, 'Time from the request reaching this process to the last byte of its reply, by route template and status class', 'histogram', () =>
    requests.histogram(duration),
  );
  registerCollected(registry, 'http_requests_total', 'HTTP requests answered, by route template and status class', 'counter', () => requests.counter());

  return {
    service,
    registry,
    contentType: registry.contentType,
    observeRequest: requests.observe,
    counter({ name, help, labelNames: names = [] }) {
      return new Counter({ name, help, labelNames: names, registers: [registry] });
    },
    histogram({ name, help, labelNames: names = [], buckets }) {
      return new Histogram({ name, help, labelNames: names, buckets: [...buckets], registers: [registry] });
    },
    gauge({ name, help, collect }) {
      // Not prom-client's Gauge: it would answer 0 for an unlabelled gauge it could not read, and a
      // snapshot age or a queue depth of 0 reads as "all is well".
      const samples = async () => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${COLLECT_TIMEOUT_MS} ms`)), COLLECT_TIMEOUT_MS);
        });
        try {
          return (await Promise.race([collect(), late])).map(({ labels = {}, value }) => ({ labels, value }));
        } catch (err) {
          logger?.warn({ metric: name, err: err instanceof Error ? err.message : String(err) }, 'a metric could not be collected');
          return [];
        } finally {
          clearTimeout(timer);
        }
      };
      registerCollected(registry, name, help, 'gauge', samples);
    },
    scrape: () => registry.metrics(),
  };
}

/**
 * `GET /metrics` (and HEAD): the process's metrics in Prometheus' text format; any other path goes
 * on. Served on each process's own port, never through the public entry (docs/operations.md).
 */
export function metricsEndpoint(metrics: Metrics) {
  return (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void => {
    if ((req.url ?? '').split('?')[0] !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    metrics.scrape().then((text) => {
      res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
      res.end(req.method === 'HEAD' ? undefined : text);
    }, next);
  };
}

/** A listener that serves only `GET /metrics` (404 otherwise): the metrics port of a process whose own port is public. */
export function metricsListener(metrics: Metrics): RequestListener {
  const serve = metricsEndpoint(metrics);
  return (req, res) =>
    serve(req, res, (err) => {
      const [status, text] = err ? [500, 'The metrics could not be read\n'] : [404, 'Only GET /metrics is served on this port\n'];
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
    });
}
