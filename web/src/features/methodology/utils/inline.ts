/**
 * Inline markdown as the methodology doc uses it: code spans, **bold**, *italic* / _italic_,
 * [links](href) and backslash escapes. Anything else is text. The result is plain data that the
 * page turns into React elements, so no HTML from the doc ever reaches the DOM as markup.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

const ESCAPABLE = /[\\`*_[\]()#|!-]/;

/** Where the run of `char` starting at `from` closes with the same run, or -1. */
function closing(source: string, from: number, marker: string): number {
  for (let i = from; i < source.length; i += 1) {
    if (source[i] === '\\' && marker !== '`') {
      i += 1;
      continue;
    }
    if (source.startsWith(marker, i)) {
      // A code span's closing run must be exactly as long as its opening one.
      if (marker[0] === '`' && source[i + marker.length] === '`') {
        while (source[i + 1] === '`') i += 1;
        continue;
      }
      return i;
    }
  }
  return -1;
}

/** The `)` that closes the `(` just before `from`, counting nested pairs (`f(1)` inside a link target), or -1. */
function closingParen(source: string, from: number): number {
  let depth = 0;
  for (let i = from; i < source.length; i += 1) {
    if (source[i] === '(') depth += 1;
    else if (source[i] === ')' && depth-- === 0) return i;
  }
  return -1;
}

/**
 * Only links a reader of the page can follow safely: in-page anchors, paths on this site, http(s)
 * and mail. A path relative to the doc (another file of docs/) means nothing in the app: its words stay.
 */
export const isSafeHref = (href: string) => /^(?:#|\/(?!\/)|https?:\/\/|mailto:)/i.test(href);

export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ kind: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i] as string;
    const next = source[i + 1];
    if (ch === '\\' && next !== undefined && ESCAPABLE.test(next)) {
      text += next;
      i += 2;
      continue;
    }
    if (ch === '`') {
      let run = 1;
      while (source[i + run] === '`') run += 1;
      const marker = '`'.repeat(run);
      const end = closing(source, i + run, marker);
      if (end > 0) {
        flush();
        const code = source.slice(i + run, end);
        // One space padding on both sides lets a span start or end with a backtick (CommonMark).
        out.push({ kind: 'code', text: /^ .* $/.test(code) && code.trim() ? code.slice(1, -1) : code });
        i = end + run;
        continue;
      }
    }
    if (source.startsWith('**', i) || source.startsWith('__', i)) {
      const marker = source.slice(i, i + 2);
      let end = closing(source, i + 2, marker);
      // `***` closing `**…*…***`: the strong run is the last two, the first closes the inner emphasis.
      while (end > 0 && source[end + 2] === marker[0]) end += 1;
      if (end > i + 2) {
        flush();
        out.push({ kind: 'strong', children: parseInline(source.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if ((ch === '*' || ch === '_') && /\S/.test(source[i + 1] ?? '') && (ch === '*' || !/\w/.test(source[i - 1] ?? ''))) {
      const end = closing(source, i + 1, ch);
      if (end > i + 1 && /\S/.test(source[end - 1] as string) && (ch === '*' || !/\w/.test(source[end + 1] ?? ''))) {
        flush();
        out.push({ kind: 'em', children: parseInline(source.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (ch === '[') {
      const labelEnd = closing(source, i + 1, ']');
      if (labelEnd > i && source[labelEnd + 1] === '(') {
        const hrefEnd = closingParen(source, labelEnd + 2);
        const href = hrefEnd > 0 ? source.slice(labelEnd + 2, hrefEnd).trim() : '';
        if (hrefEnd > 0) {
          flush();
          const children = parseInline(source.slice(i + 1, labelEnd));
          // A link the page cannot follow safely keeps its words and loses the link.
          out.push(...(isSafeHref(href) ? [{ kind: 'link', href, children } as const] : children));
          i = hrefEnd + 1;
          continue;
        }
      }
    }
    text += ch;
    i += 1;
  }
  flush();
  return out;
}

/** The words of inline content without its markup (heading ids, labels). */
export const plainText = (inlines: Inline[]): string =>
  inlines.map((node) => ('children' in node ? plainText(node.children) : node.text)).join('');
