import { parseInline, plainText, type Inline } from './inline';

/**
 * Block markdown as docs/methodology.md uses it: ATX headings, paragraphs, bullet and numbered lists,
 * pipe tables and fenced code. Parsed into plain data (never HTML), which the page renders.
 */
export type Block =
  | { kind: 'heading'; level: number; id: string; content: Inline[] }
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'code'; text: string };

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens ("Economics (`POST …`)" → "economics-post-…"). */
export const slugify = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The cells of one `| a | b |` row; pipes inside code spans or escaped with a backslash stay in their cell. */
export function splitRow(line: string): string[] {
  const body = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i] as string;
    if (ch === '\\' && body[i + 1] === '|') {
      cell += '\\|';
      i += 1;
    } else if (ch === '`') {
      inCode = !inCode;
      cell += ch;
    } else if (ch === '|' && !inCode) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const isTableRow = (line: string) => line.trim().startsWith('|');

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  const ids = new Map<string, number>();
  const uniqueId = (base: string) => {
    const seen = ids.get(base) ?? 0;
    ids.set(base, seen + 1);
    return seen ? `${base}-${seen}` : base;
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (!line.trim()) {
      i += 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const content = parseInline(heading[2] as string);
      blocks.push({ kind: 'heading', level: (heading[1] as string).length, id: uniqueId(slugify(plainText(content))), content });
      i += 1;
      continue;
    }
    if (line.trim().startsWith('```')) {
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !(lines[i] as string).trim().startsWith('```')) body.push(lines[i++] as string);
      blocks.push({ kind: 'code', text: body.join('\n') });
      i += 1;
      continue;
    }
    if (isTableRow(line) && TABLE_RULE.test(lines[i + 1] ?? '')) {
      const header = splitRow(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && isTableRow(lines[i] as string)) rows.push(splitRow(lines[i++] as string));
      blocks.push({ kind: 'table', header, rows });
      continue;
    }
    const listMatch = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (listMatch) {
      const ordered = !BULLET.test(line);
      const pattern = ordered ? NUMBERED : BULLET;
      const items: string[] = [];
      while (i < lines.length && (lines[i] as string).trim()) {
        const current = lines[i] as string;
        const item = pattern.exec(current);
        if (item) items.push(item[1] as string);
        // An indented line continues the item above it.
        else if (/^\s+\S/.test(current) && items.length) items.push(`${items.pop() ?? ''} ${current.trim()}`);
        else break;
        i += 1;
      }
      blocks.push({ kind: 'list', ordered, items: items.map(parseInline) });
      continue;
    }
    // The first line is the paragraph's whatever it looks like (e.g. a lone `|` row), so the loop always moves on.
    const paragraph: string[] = [line.trim()];
    i += 1;
    while (i < lines.length) {
      const current = lines[i] as string;
      if (!current.trim() || HEADING.test(current) || current.trim().startsWith('```') || BULLET.test(current) || isTableRow(current)) break;
      paragraph.push(current.trim());
      i += 1;
    }
    blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}
