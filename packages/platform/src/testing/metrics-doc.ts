import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A metric as docs/operations.md's "Metrics" table describes it. */
export interface DocumentedMetric {
  name: string;
  type: string;
  /** Each label, with the values the table lists for it (null: any value, such as a route). */
  labels: Map<string, string[] | null>;
}

export const OPERATIONS_DOC = path.resolve(__dirname, '../../../../docs/operations.md');

/** The inline code spans of a markdown text. */
export const codeSpans = (text: string) => (text.match(/`[^`\n]+`/g) ?? []).map((span) => span.slice(1, -1));

/** The section of a markdown page under `## title`, up to the next `## ` heading. */
export function sectionOf(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`no section "${title}"`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/**
 * The rows of the "Metrics" table: `| name | type | labels | from | meaning |`, labels written as
 * "`a`, `b`; `c`: `v1`, `v2`" (a label followed by a colon lists its values).
 */
export function documentedMetrics(markdown = readFileSync(OPERATIONS_DOC, 'utf8')): DocumentedMetric[] {
  const rows = sectionOf(markdown, 'Metrics')
    .split('\n')
    .filter((line) => /^\| `[a-z_]+`/.test(line) && !line.includes('`process_*`'));
  return rows.map((row) => {
    const [nameCell = '', type, labelsCell = ''] = row.split(' | ').map((cell) => cell.replace(/^\| /, '').trim());
    const [name] = codeSpans(nameCell);
    if (name === undefined || type === undefined) throw new Error(`a Metrics row without a name or a type: ${row}`);
    const labels = new Map<string, string[] | null>();
    for (const part of labelsCell.split(';').filter((p) => p.trim())) {
      const [label, ...values] = codeSpans(part);
      if (!part.includes(':')) for (const each of codeSpans(part)) labels.set(each, null);
      else if (label === undefined) throw new Error(`a label's values without the label in the Metrics row of ${name}: ${part}`);
      else labels.set(label, values);
    }
    return { name, type, labels };
  });
}
