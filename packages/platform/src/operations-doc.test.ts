import { readFileSync } from 'node:fs';
import { parser } from '@prometheus-io/lezer-promql';
import { OPERATIONS_DOC, codeSpans, documentedMetrics, sectionOf } from './testing/metrics-doc';

// docs/operations.md's dashboards and alerts must be PromQL that Prometheus accepts, over the metrics
// and label values the "Metrics" table documents (e2e/metrics.e2e.test.ts checks the table against
// what every process really serves).
const markdown = readFileSync(OPERATIONS_DOC, 'utf8');
const documented = new Map(documentedMetrics(markdown).map((m) => [m.name, m]));

/** Metrics from elsewhere: Prometheus itself, kube-state-metrics, redis_exporter. */
const OUTSIDE = new Set(['up', 'kube_pod_container_resource_limits', 'kube_pod_container_status_restarts_total', 'redis_memory_used_bytes', 'redis_memory_max_bytes']);
/** Labels Prometheus adds to every sample it scrapes from a pod, and the one every process adds. */
const TARGET_LABELS = new Set(['namespace', 'pod', 'job', 'instance', 'service']);

/** Every PromQL expression of the dashboards (inline code with a call or a selector) and of the alerts table. */
function expressions(): string[] {
  const dashboards = codeSpans(sectionOf(markdown, 'Dashboards')).filter((span) => /[({]/.test(span));
  const alerts = sectionOf(markdown, 'Alerts')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| alert') && !line.startsWith('|---'))
    .map((line) => {
      const [expression] = codeSpans(line);
      if (expression === undefined) throw new Error(`an alert row without an expression: ${line}`);
      return expression.replace(/\\\|/g, '|');
    });
  return [...dashboards, ...alerts];
}

interface Selector {
  metric: string;
  matchers: { label: string; op: string; value: string }[];
}

function parse(expression: string): { errors: number[]; selectors: Selector[] } {
  const errors: number[] = [];
  const selectors: Selector[] = [];
  const text = (from: number, to: number) => expression.slice(from, to);
  /** The text of a matcher's part; the parser gives each matcher its three (or marks an error). */
  const part = (matcher: { getChild(name: string): { from: number; to: number } | null }, name: string) => {
    const node = matcher.getChild(name);
    if (!node) throw new Error(`a label matcher without its ${name} in ${expression}`);
    return text(node.from, node.to);
  };
  parser.parse(expression).iterate({
    enter(node) {
      if (node.type.isError) errors.push(node.from);
      if (node.name !== 'VectorSelector') return;
      const metric = node.node.getChild('Identifier');
      const matchers = node.node.getChild('LabelMatchers')?.getChildren('UnquotedLabelMatcher') ?? [];
      selectors.push({
        metric: metric ? text(metric.from, metric.to) : '',
        matchers: matchers.map((m) => ({
          label: part(m, 'LabelName'),
          op: part(m, 'MatchOp'),
          value: JSON.parse(part(m, 'StringLiteral')) as string,
        })),
      });
    },
  });
  return { errors, selectors };
}

/** The documented metric a series name belongs to (a histogram's `_bucket`, `_sum` and `_count` included). */
const documentedFor = (series: string) => documented.get(series) ?? documented.get(series.replace(/_(bucket|sum|count)$/, ''));

describe('docs/operations.md: dashboards and alerts', () => {
  const all = expressions();

  it('when the page is read, then it has the dashboards and alerts (and the table lists the metrics)', () => {
    expect(all.length).toBeGreaterThanOrEqual(25);
    expect([...documented.keys()].sort()).toEqual(
      [
        'alert_deliveries_total',
        'alert_delivery_duration_seconds',
        'alert_delivery_job_duration_seconds',
        'alert_delivery_jobs_total',
        'alert_delivery_queue_depth',
        'alert_penalty_check_job_duration_seconds',
        'alert_penalty_check_jobs_total',
        'event_consumer_lag',
        'event_consumer_pending',
        'gateway_requests_in_flight',
        'gateway_requests_shed_total',
        'http_request_duration_seconds',
        'http_requests_total',
        'network_archiver_refused',
        'network_archivers_agreeing',
        'network_node_changes_total',
        'network_node_tracking_lag_cycles',
        'network_node_tracking_run_seconds',
        'network_polling_job_duration_seconds',
        'network_polling_jobs_total',
        'network_polls_total',
        'network_snapshot_age_seconds',
        'node_tracking_job_duration_seconds',
        'node_tracking_jobs_total',
        'payment_reconciliation_job_duration_seconds',
        'payment_reconciliation_jobs_total',
        'payment_verification_job_duration_seconds',
        'payment_verification_jobs_total',
        'payment_verification_queue_depth',
        'web_page_render_seconds',
        'web_page_renders_total',
      ].sort(),
    );
  });

  it.each(all.map((e) => [e]))('when %s is parsed, then it is PromQL over documented metrics, labels and values', (expression) => {
    const { errors, selectors } = parse(expression);
    expect(errors).toEqual([]);
    for (const { metric, matchers } of selectors) {
      if (OUTSIDE.has(metric) || /^(process|nodejs)_/.test(metric)) continue;
      const known = documentedFor(metric);
      if (known === undefined) throw new Error(`${metric} is not in the "Metrics" table`);
      for (const { label, op, value } of matchers) {
        if (TARGET_LABELS.has(label) || (label === 'le' && metric.endsWith('_bucket'))) continue;
        expect({ metric, label, documented: known.labels.has(label) }).toEqual({ metric, label, documented: true });
        const values = known.labels.get(label);
        // Every alternative of a matcher (`a|b` under =~) must be a value the table lists.
        const named = op.includes('~') ? value.split('|') : [value];
        if (values) for (const v of named) expect({ metric, label, value: v, listed: values.includes(v) }).toEqual({ metric, label, value: v, listed: true });
      }
    }
  });

  it('when an expression is broken, then the check sees it', () => {
    expect(parse('sum(rate(http_requests_total[5m]) by').errors.length).toBeGreaterThan(0);
    expect(parse('sum(rate(http_requests_total{status_class="5xx"}[5m]))').selectors).toEqual([
      { metric: 'http_requests_total', matchers: [{ label: 'status_class', op: '=', value: '5xx' }] },
    ]);
  });
});
