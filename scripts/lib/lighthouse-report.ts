// What a Lighthouse run says against its thresholds: one line per page, preset and flag state, and
// for each miss the audits that cost the points (`npm run lighthouse` and the `lighthouse` tier).
import { CATEGORIES, METRICS, type Lhr, type Measured, type MetricKey, type Miss, type Thresholds } from './lighthouse-run';

const metricValue = (lhr: Lhr, key: MetricKey): number | undefined => lhr.audits[METRICS[key].audit]?.numericValue;

/** The audits that cost the page points in a category, worst first. */
function lostPoints(lhr: Lhr, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ weight: ref.weight, audit: lhr.audits[ref.id], score: lhr.audits[ref.id]?.score ?? null }))
    .filter((ref): ref is { weight: number; audit: NonNullable<typeof ref.audit>; score: number } => ref.audit !== undefined && ref.score !== null && ref.score < 1)
    .sort((a, b) => b.weight * (1 - b.score) - a.weight * (1 - a.score))
    .map(({ audit, score }) => `${audit.id} (${score.toFixed(2)})${audit.displayValue ? ` ${audit.displayValue.replace(/\u00a0/g, ' ')}` : ''}: ${audit.title}`);
}

/** What a metric ceiling's miss points at: the LCP element, the elements that shifted. */
interface HintItem {
  items?: HintItem[];
  node?: { snippet?: string; selector?: string };
  score?: number;
}

function metricHints(lhr: Lhr, key: MetricKey): string[] {
  const items = (id: string): HintItem[] => ((lhr.audits[id]?.details as { items?: HintItem[] } | undefined)?.items ?? []);
  const snippet = (node: HintItem['node']): string | undefined => (node?.snippet ? `${node.snippet.slice(0, 160)}${node.selector ? ` (${node.selector})` : ''}` : undefined);
  if (key === 'lcp') {
    return items('largest-contentful-paint-element')
      .flatMap((item) => item.items ?? [item])
      .map((item) => snippet(item.node))
      .filter((text): text is string => text !== undefined)
      .slice(0, 1);
  }
  if (key === 'cls') return items('layout-shifts').map((item) => `${snippet(item.node) ?? 'unattributed'}: ${item.score?.toFixed(3)}`).slice(0, 5);
  return [];
}

/** Every threshold `result` misses: [{ what, value, limit, details }]. */
export function misses(result: Measured, thresholds: Thresholds): Miss[] {
  const { lhr, preset, page } = result;
  const found: Miss[] = [];
  for (const [category, limit] of Object.entries(thresholds.scores[preset] ?? {})) {
    const score = lhr.categories[category]?.score;
    if (score === null || score === undefined || score < limit) {
      found.push({ what: category, value: pct(score), limit: `≥ ${pct(limit)}`, details: lhr.categories[category] ? lostPoints(lhr, category) : [] });
    }
  }
  for (const { metric, max, preset: onlyPreset, page: onlyPage } of thresholds.metrics) {
    if ((onlyPreset && onlyPreset !== preset) || (onlyPage && onlyPage !== page)) continue;
    const value = metricValue(lhr, metric);
    if (value === undefined || value > max) {
      found.push({ what: METRICS[metric].label, value: value === undefined ? 'n/a' : METRICS[metric].show(value), limit: `≤ ${METRICS[metric].show(max)}`, details: metricHints(lhr, metric) });
    }
  }
  return found;
}

const pct = (score: number | null | undefined): string => (score === null || score === undefined ? 'n/a' : String(Math.round(score * 100)));

/** The thresholds in one line per preset, for the summary. */
export function describeThresholds(thresholds: Thresholds): string {
  const lines = Object.entries(thresholds.scores).map(
    ([preset, scores]) => `${preset}: ${Object.entries(scores ?? {}).map(([category, floor]) => `${category} ≥ ${pct(floor)}`).join(', ')}`,
  );
  const ceilings = thresholds.metrics.map(
    ({ metric, max, preset, page }) => `${METRICS[metric].label} ≤ ${METRICS[metric].show(max)}${preset || page ? ` (${[preset, page].filter(Boolean).join(' ')})` : ''}`,
  );
  return [...lines, `every page: ${ceilings.join(', ')}`].join('\n  ');
}

/**
 * Prints one line per result (page, preset, flag state, the four scores, FCP, LCP, TBT, CLS) and,
 * below, what each one misses with the audits that cost it points. Returns the results with their
 * misses: [{ ...result, missed }].
 */
export function report(results: Measured[], thresholds: Thresholds, { title = 'targets' } = {}): (Measured & { missed: Miss[] })[] {
  const width = Math.max(8, ...results.map((r) => r.page.length)) + 1;
  const stateWidth = Math.max(6, ...results.map((r) => r.state.length)) + 1;
  const head = ['perf', 'a11y', 'b-pr', 'seo'].map((title) => title.padStart(5)).join('');
  console.log(
    `\n${'page'.padEnd(width)}${'preset'.padEnd(8)}${'flags'.padEnd(stateWidth)}${head}   ${'FCP'.padEnd(8)} ${'LCP'.padEnd(8)} ${'TBT'.padEnd(8)} CLS`,
  );
  const checked = results.map((result) => ({ ...result, missed: misses(result, thresholds) }));
  for (const { page, preset, state, lhr, performanceRuns, missed } of checked) {
    const scores = CATEGORIES.map((category) => pct(lhr.categories[category]?.score).padStart(5)).join('');
    const metric = (key: MetricKey): string => {
      const value = metricValue(lhr, key);
      return value === undefined ? 'n/a' : METRICS[key].show(value);
    };
    console.log(
      `${page.padEnd(width)}${preset.padEnd(8)}${state.padEnd(stateWidth)}${scores}   ` +
        `${metric('fcp').padEnd(8)} ${metric('lcp').padEnd(8)} ${metric('tbt').padEnd(8)} ${metric('cls')}` +
        (performanceRuns.length > 1 ? `   (performance runs: ${performanceRuns.map(pct).join(', ')})` : '') +
        (missed.length ? `   BELOW: ${missed.map((m) => m.what).join(', ')}` : ''),
    );
  }
  console.log(`\n${title}:\n  ${describeThresholds(thresholds)}`);
  for (const { page, preset, state, missed } of checked) {
    for (const { what, value, limit, details } of missed) {
      console.error(`\n${page} (${preset}, flags ${state}) ${what} ${value}, wanted ${limit}:`);
      for (const line of details.slice(0, 10)) console.error(`  - ${line}`);
    }
  }
  return checked;
}
