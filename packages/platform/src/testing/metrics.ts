/** One sample of a scrape: `name{labels} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  samples: Sample[];
  /** `# TYPE` of each metric family (counter, gauge, histogram, …). */
  types: Map<string, string>;
  /** Samples of `name` whose labels include every one of `labels`. */
  find(name: string, labels?: Record<string, string>): Sample[];
  /** The sum of those samples' values (0 when there is none). */
  sum(name: string, labels?: Record<string, string>): number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
const unescape = (value: string) => value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
const numberOf = (text: string) => (text === '+Inf' ? Infinity : text === '-Inf' ? -Infinity : Number(text));

/** Reads Prometheus' text format (what GET /metrics answers), written apart from prom-client so a test checks what a scraper would see. */
export function parseMetrics(text: string): Scrape {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const [, family, type] = /^# TYPE (\S+) (\S+)$/.exec(line) ?? [];
    if (family !== undefined && type !== undefined) types.set(family, type);
    if (line.startsWith('#')) continue;
    const [, name, labelText = '', value] = SAMPLE.exec(line) ?? [];
    if (name === undefined || value === undefined) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, label, labelValue] of labelText.matchAll(LABEL)) if (label !== undefined && labelValue !== undefined) labels[label] = unescape(labelValue);
    samples.push({ name, labels, value: numberOf(value) });
  }
  const find = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return { samples, types, find, sum: (name, labels) => find(name, labels).reduce((total, s) => total + s.value, 0) };
}

/** GETs `url` (a process's /metrics) and parses it; throws unless it answers 200 in the text format. */
export async function scrape(url: string): Promise<Scrape> {
  const res = await fetch(url);
  const text = await res.text();
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/plain')) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
  return parseMetrics(text);
}

/**
 * Label values that look like a wallet address, a transaction or block hash, a token or a session
 * id: none may ever be a label value (they would be unbounded, and some are personal).
 */
export const IDENTIFYING_VALUE = /0x[0-9a-fA-F]{8,}|[0-9a-fA-F]{24,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Every label value of a scrape that looks identifying (see IDENTIFYING_VALUE), as `name{label="value"}`. */
export const identifyingLabels = (scraped: Scrape): string[] =>
  scraped.samples.flatMap((s) => Object.entries(s.labels).filter(([, v]) => IDENTIFYING_VALUE.test(v)).map(([k, v]) => `${s.name}{${k}="${v}"}`));
