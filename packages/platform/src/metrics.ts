import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Counter, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import type { Logger } from './logger';
import { pathOf } from './node-chain';

/** A label set's values; every value must come from a fixed list (a route template, a state), never from a request. */
export type LabelValues<L extends string> = Partial<Record<L, string>>;

export interface CounterHandle<L extends string> {
  inc(labels: LabelValues<L>, by?: number): void;
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
  /** The text exposition of every metric (what GET /metrics answers). */
  scrape(): Promise<string>;
  readonly contentType: string;
}

/** Seconds; the bulk of the traffic takes 1 to 50 ms, a chain or RPC wait up to the proxy timeout. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Methods as they are; any other method is `other`, so a client cannot mint label values. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
type HttpLabels = Readonly<{ method: string; route: string; status_class: string }>;

/** A scrape should not hang on a datastore that does not answer: a gauge's collection gets this long. */
const COLLECT_TIMEOUT_MS = 2_000;

const statusClass = (status: number) => (status === 0 ? 'aborted' : `${Math.floor(status / 100)}xx`);

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
  const labelNames = ['method', 'route', 'status_class'] as const;
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request reaching this process to the last byte of its reply, by route template and status class',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const total = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route template and status class', labelNames, registers: [registry] });

  // One frozen label object per (route, method, status class), so a request allocates none.
  const labelCache = new Map<string, Map<string, HttpLabels[]>>();
  const labelsFor = (method: string, route: string, status: number): HttpLabels => {
    let byMethod = labelCache.get(route);
    if (!byMethod) labelCache.set(route, (byMethod = new Map()));
    let byClass = byMethod.get(method);
    if (!byClass) byMethod.set(method, (byClass = []));
    const slot = status === 0 ? 0 : Math.floor(status / 100);
    return (byClass[slot] ??= Object.freeze({ method, route, status_class: statusClass(status) }));
  };

  return {
    service,
    registry,
    contentType: registry.contentType,
    observeRequest(method, route, status, seconds) {
      const labels = labelsFor(method !== undefined && METHODS.has(method) ? method : 'other', route, status);
      duration.observe(labels, seconds);
      total.inc(labels);
    },
    counter({ name, help, labelNames: names = [] }) {
      return new Counter({ name, help, labelNames: names, registers: [registry] });
    },
    gauge({ name, help, collect }) {
      // Not prom-client's Gauge: it would answer 0 for an unlabelled gauge it could not read, and a
      // snapshot age or a queue depth of 0 reads as "all is well". The registry takes any object
      // that reports its samples.
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
      const gauge = { name, help, type: 'gauge', aggregator: 'sum', reset() {}, get: async () => ({ name, help, type: 'gauge', aggregator: 'sum', values: await samples() }) };
      registry.registerMetric(gauge as unknown as Metric);
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
    if (pathOf(req) !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
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
    serve(req, res, () => {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is served on this port\n');
    });
}
