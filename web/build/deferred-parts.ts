import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { chunkGraph, initialFiles } from './route-pages.ts';

/** Where the build lists each deferred part's tags (read by web/server/render-page.ts). */
export const DEFERRED_PARTS_FILE = 'deferred-parts.json';

/** `deferred('name', () => import('./module')` in a module's code (after TypeScript is stripped). */
const DEFERRED_CALL = /\bdeferred\(\s*(['"])([\w-]+)\1\s*,\s*\(\)\s*=>\s*import\(\s*(['"])([^'"]+)\3\s*\)/g;

/** A deferred part's files beyond what index.html loads, as URL paths: its code and its stylesheets. */
export interface PartFiles {
  js: string[];
  css: string[];
}

/** What `deferred-parts.json` holds: the parts, and the boot script of a page the server rendered (build/boot.js). */
export interface ServerPageAssets {
  boot: string;
  parts: Record<string, PartFiles>;
}

/**
 * Vite plugin: for each deferred part of the app (src/lib/lazy-component.ts), the files of its code
 * and stylesheets, in `deferred-parts.json` ({ name: { js, css } }). A page the server renders with
 * that part carries its styles (so they apply from the first paint: nothing moves when its code
 * arrives) and preloads its code beside the entry, before the browser takes the page over. The
 * build also emits `boot.js` (hashed), the script such a page starts with: it loads the app once
 * the page is painted.
 */
export function deferredParts(): Plugin {
  let root = process.cwd();
  let base = '/';
  const modules = new Map<string, string>();
  let bootFile = '';
  return {
    name: 'shm:deferred-parts',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    async transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes('deferred(')) return null;
      for (const match of code.matchAll(DEFERRED_CALL)) {
        const resolved = await this.resolve(match[4] as string, id);
        if (resolved) modules.set(match[2] as string, resolved.id);
      }
      return null;
    },
    generateBundle() {
      const source = readFileSync(new URL('./boot.js', import.meta.url), 'utf8');
      bootFile = this.getFileName(this.emitFile({ type: 'asset', name: 'boot.js', source }));
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? path.join(root, 'dist');
      const { closure, dynamicEntry } = chunkGraph(bundle);
      const initial = initialFiles(await readFile(path.join(outDir, 'index.html'), 'utf8'), base);
      const parts: Record<string, PartFiles> = {};
      for (const [name, moduleId] of modules) {
        const entry = dynamicEntry(moduleId);
        if (!entry) throw new Error(`deferred-parts: no lazily loaded chunk for ${moduleId} (part ${name})`);
        const files = [...closure([entry])].filter((file) => !initial.has(file)).map((file) => `${base}${file}`);
        parts[name] = { js: files.filter((file) => !file.endsWith('.css')), css: files.filter((file) => file.endsWith('.css')) };
      }
      const assets: ServerPageAssets = { boot: `${base}${bootFile}`, parts };
      await writeFile(path.join(outDir, DEFERRED_PARTS_FILE), `${JSON.stringify(assets, null, 2)}\n`);
    },
  };
}
