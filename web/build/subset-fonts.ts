import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/**
 * What the Latin subset of the text font covers (Google Fonts' "latin" set plus the arrows, ≈, ≠,
 * ≤, ≥ and − the app writes, every currency sign (₹ of the currency select is on the first view), and the Σ and √ of docs/methodology.md's text, which /methodology shows):
 * every visible character of the app's own texts and of figures, addresses and API examples. Any other character still shows in the font: it comes from the full file, which
 * a browser downloads only for a page that has such a character.
 */
export const LATIN: readonly [number, number][] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x03a3, 0x03a3],
  [0x2000, 0x206f],
  [0x2074, 0x2074],
  [0x20a0, 0x20c0],
  [0x2122, 0x2122],
  [0x2190, 0x2199],
  [0x2212, 0x2215],
  [0x221a, 0x221a],
  [0x2248, 0x2248],
  [0x2260, 0x2265],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

const hex = (n: number) => n.toString(16).toUpperCase();
export const unicodeRange = (ranges: readonly [number, number][]) =>
  ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');

/** The code points `ranges` leave out, up to U+10FFFF. */
export function complement(ranges: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [from, to] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (from > next) out.push([next, from - 1]);
    next = Math.max(next, to + 1);
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

const textOf = (codePoints: Iterable<number>) => String.fromCodePoint(...[...codePoints].filter((c) => c >= 0x20));
const rangeText = (ranges: readonly [number, number][]) =>
  textOf(ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i)));

/**
 * Vite plugin: smaller web fonts, made once per font and kept in `cacheDir`.
 * - The theme's text font (Inter, variable, 346 kB) gets a Latin subset (about 100 kB, both axes
 *   kept, so text renders exactly as before) used for the Latin range, and keeps the full file for
 *   every other character.
 * - PrimeIcons (WOFF2 and four legacy formats) becomes one WOFF2 with only the icons left in its
 *   stylesheet (trimPrimeCss runs first and drops the unused ones).
 * index.html preloads both, so the first paint has them (no swap, no layout shift).
 */
export function subsetFonts({ cacheDir }: { cacheDir: string }): Plugin {
  const cached = async (source: Buffer, text: string, name: string): Promise<string> => {
    const key = createHash('sha256').update(source).update(text).digest('hex').slice(0, 16);
    const file = path.join(cacheDir, key, `${name}.woff2`);
    if (!existsSync(file)) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, await subsetFont(source, text, { targetFormat: 'woff2' }));
    }
    return file;
  };
  /** A url() for `file` as the stylesheet `from` sees it (Vite then hashes it into /assets like any other). */
  const urlFrom = (from: string, file: string) => JSON.stringify(path.relative(path.dirname(from), file).split(path.sep).join('/'));

  let base = '/';
  return {
    name: 'shm:subset-fonts',
    enforce: 'pre',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    // Both fonts are needed by the first paint: fetched beside the entry script, not after it has run.
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const fonts = Object.values(context.bundle ?? {})
          .map((item) => item.fileName)
          .filter((name) => /\/(?:InterVariable-latin|primeicons-used)-[^/]*\.woff2$/.test(name));
        return fonts.map((name) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `${base}${name}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
    async transform(code, id) {
      const file = id.replace(/\?.*$/, '');
      const posix = file.replace(/\\/g, '/');
      if (/\/primereact\/resources\/themes\/[^/]+\/theme\.css$/.test(posix)) {
        const face = /@font-face\s*\{[^}]*font-style:\s*normal;[^}]*src:\s*url\("?\.\/fonts\/InterVariable\.woff2"?\)\s*format\("woff2"\);?[^}]*\}/.exec(code);
        if (!face) return undefined;
        const full = path.join(path.dirname(file), 'fonts/InterVariable.woff2');
        const subset = await cached(readFileSync(full), rangeText(LATIN), 'InterVariable-latin');
        // `optional`, not the theme's `swap`: the Latin subset is preloaded, so it is there for the first
        // paint; a load where it is late keeps the fallback rather than reflow the page when it lands
        // (the swap at 0.5 s shifted /methodology's text by 0.19 CLS on some loads, docs/performance.md).
        const latinFace = face[0]
          .replace(/url\([^)]*\)/, `url(${urlFrom(file, subset)})`)
          .replace(/font-display:\s*swap/, 'font-display: optional')
          .replace(/\}$/, `  unicode-range: ${unicodeRange(LATIN)};\n}`);
        const otherFace = face[0].replace(/\}$/, `  unicode-range: ${unicodeRange(complement(LATIN))};\n}`);
        return { code: code.replace(face[0], `${otherFace}\n${latinFace}`), map: null };
      }
      if (posix.endsWith('/primeicons/primeicons.css')) {
        const icons = new Set([...code.matchAll(/content:\s*["']\\([0-9a-f]{4,6})["']/gi)].map((m) => parseInt(m[1] as string, 16)));
        const subset = await cached(readFileSync(path.join(path.dirname(file), 'fonts/primeicons.woff2')), textOf(icons), 'primeicons-used');
        const withOneSource = code
          .replace(/\s*src:\s*url\([^)]*\.eot[^)]*\);/, '')
          .replace(/src:[^;]*;/, `src: url(${urlFrom(file, subset)}) format('woff2');`);
        return { code: withOneSource, map: null };
      }
      return undefined;
    },
  };
}
