import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * `npm run analyze -w web` (ANALYZE=1, with source maps): after the build, prints the files
 * index.html loads at once (the entry chunk, what it imports statically, their CSS) with their raw
 * and brotli sizes, then what the JavaScript in them is made of: each minified byte is traced back
 * through the source map to its package (or to our own source folder), and each package's bytes are
 * compressed together. Nothing is written into dist/ except the usual .map files, which the
 * analysing build adds and a normal build does not.
 */

export interface Contributor {
  name: string;
  raw: number;
  brotli: number;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  map: { sources: string[]; mappings: string } | null;
  viteMetadata?: { importedCss: Set<string> };
}

export const brotliSize = (data: string | Uint8Array) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }).length;

/** `…/node_modules/@scope/pkg/…` → `@scope/pkg`; `…/packages/x/src/…` → `@shm/x`; `…/src/features/x/…` → `src/features/x`. */
export function contributorName(source: string): string {
  const id = source.replace(/\\/g, '/').replace(/\?.*$/, '');
  const inModules = id.lastIndexOf('/node_modules/');
  if (inModules >= 0) {
    const parts = id.slice(inModules + '/node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? id);
  }
  const workspace = /(?:^|\/)packages\/([^/]+)\/src\//.exec(id);
  if (workspace) return `@shm/${workspace[1]}`;
  const src = id.lastIndexOf('src/');
  if (src >= 0) {
    const parts = id.slice(src).split('/');
    return parts.slice(0, parts[1] === 'features' ? 3 : 2).join('/');
  }
  return id || '(bundler)';
}

const VLQ = new Map(Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', (c, i) => [c, i]));

/** Decodes one source-map segment ("AAgBC") into its numbers. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = VLQ.get(char) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** The list under `key`, created empty the first time it is asked for. */
function listOf(map: Map<string, string[]>, key: string): string[] {
  const known = map.get(key);
  if (known) return known;
  const created: string[] = [];
  map.set(key, created);
  return created;
}

/** Splits a chunk's minified code by the source each byte came from (bytes with no mapping go to '(bundler)'). */
export function codeBySource(code: string, map: { sources: string[]; mappings: string }): Map<string, string> {
  const parts = new Map<string, string[]>();
  const add = (name: string, text: string) => listOf(parts, name).push(text);
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((lineMappings, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    let column = 0;
    let start = 0;
    let current = '(bundler)';
    for (const segment of lineMappings.split(',')) {
      if (!segment) continue;
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      add(current, line.slice(start, column));
      start = column;
      if (sourceDelta === undefined) {
        current = '(bundler)';
      } else {
        source += sourceDelta;
        current = map.sources[source] ?? '(bundler)';
      }
    }
    add(current, line.slice(start) + '\n');
  });
  return new Map([...parts].map(([name, texts]) => [name, texts.join('')]));
}

export function bundleReport({ top = 20 } = {}): Plugin {
  return {
    name: 'shm:bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is typeof item & ChunkLike => item.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // The chunks the first page loads: the entries and what they import, transitively.
      const initial = new Map<string, ChunkLike>();
      const visit = (fileName: string) => {
        const chunk = byName.get(fileName);
        if (initial.has(fileName) || !chunk) return;
        initial.set(fileName, chunk);
        chunk.imports.forEach(visit);
      };
      chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => visit(chunk.fileName));

      const code = new Map<string, string[]>();
      const css = new Set<string>();
      const rows: { file: string; raw: number; brotli: number }[] = [];
      for (const [fileName, chunk] of initial) {
        chunk.viteMetadata?.importedCss.forEach((file) => css.add(file));
        rows.push({ file: fileName, raw: chunk.code.length, brotli: brotliSize(chunk.code) });
        if (!chunk.map) continue;
        for (const [source, text] of codeBySource(chunk.code, chunk.map)) {
          const name = contributorName(source);
          listOf(code, name).push(text);
        }
      }
      for (const file of css) {
        const asset = bundle[file];
        const source = asset?.type === 'asset' ? String(asset.source) : '';
        rows.push({ file, raw: source.length, brotli: brotliSize(source) });
      }
      const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, brotli: sum.brotli + row.brotli }), { raw: 0, brotli: 0 });
      const contributors: Contributor[] = [...code].map(([name, texts]) => {
        const text = texts.join('');
        return { name, raw: text.length, brotli: brotliSize(text) };
      });
      const lines = [
        '',
        'Loaded at once by index.html (raw, brotli):',
        ...rows.map((row) => `  ${row.file.padEnd(48)} ${kb(row.raw)} ${kb(row.brotli)}`),
        `  ${'total'.padEnd(48)} ${kb(total.raw)} ${kb(total.brotli)}`,
        '',
        code.size ? `What that JavaScript is made of (top ${top} by brotli size):` : 'Build with ANALYZE=1 for source maps to see what the JavaScript is made of.',
        ...contributors
          .sort((a, b) => b.brotli - a.brotli)
          .slice(0, top)
          .map((c) => `  ${c.name.padEnd(48)} ${kb(c.raw)} ${kb(c.brotli)}`),
      ];
      this.info(lines.join('\n'));
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(8)} kB`;
