import { readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files the web server may send compressed; each gets a `.br` and a `.gz` beside it. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

export interface Precompressed {
  file: string;
  raw: number;
  br: number | null;
  gz: number | null;
}

/** Brotli at quality 11 (text mode, told the size) and gzip at level 9: slow to make, made once per build. */
export async function compressBoth(data: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: 9 }),
  ]);
  return { br, gz };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : Promise.resolve([path.join(dir, entry.name)]))),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`. A compressed form
 * that would not be smaller is left out (and a stale one removed), so the server sends the file as
 * it is. Returns what it did, file paths relative to `dir`.
 */
export async function precompressDir(dir: string): Promise<Precompressed[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  return Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      const compressed = await compressBoth(data);
      const written: Precompressed = { file: path.relative(dir, file), raw: data.length, br: null, gz: null };
      for (const encoding of ['br', 'gz'] as const) {
        const target = `${file}.${encoding}`;
        if (compressed[encoding].length < data.length) {
          await writeFile(target, compressed[encoding]);
          written[encoding] = compressed[encoding].length;
        } else {
          await unlink(target).catch(() => undefined);
        }
      }
      return written;
    }),
  );
}

/** Vite plugin: after the client build is written, precompress its output (web/server serves the forms by Accept-Encoding). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'shm:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!(await stat(path.join(outDir, 'index.html')).catch(() => null))) return;
      const done = await precompressDir(outDir);
      const sum = (key: 'raw' | 'br' | 'gz') => done.reduce((total, item) => total + (item[key] ?? item.raw), 0);
      this.info(`precompressed ${done.length} files: ${kb(sum('raw'))} → ${kb(sum('br'))} brotli, ${kb(sum('gz'))} gzip`);
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
