import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

/** The chunks of a bundle, and the files (chunks and their stylesheets) a set of them needs, imports followed. */
export function chunkGraph(bundle: Record<string, { type: string }>) {
  const chunks = Object.values(bundle).filter((item): item is typeof item & ChunkLike => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: ChunkLike[]) => {
    const files = new Set<string>();
    const visit = (chunk: ChunkLike | undefined) => {
      if (!chunk || files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
      chunk.imports.forEach((name) => visit(byName.get(name)));
    };
    start.forEach(visit);
    return files;
  };
  /** The lazily loaded chunk whose entry is `moduleId`. */
  const dynamicEntry = (moduleId: string) => chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId === moduleId);
  return { closure, dynamicEntry };
}

/** The files a built index.html loads at once (its src/href attributes, without the base). */
export const initialFiles = (html: string, base: string) => new Set([...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => (m[1] as string).slice(base.length)));

/** The tags that fetch `files` (stylesheets applied, modules preloaded) beside the page's own. */
export const preloadTags = (files: Iterable<string>, base: string) =>
  [...files].map((file) =>
    file.endsWith('.css') ? `<link rel="stylesheet" crossorigin href="${base}${file}">` : `<link rel="modulepreload" crossorigin href="${base}${file}">`,
  );

/** The page for `urlPath` under the build: `/network` → `pages/network.html`, `/api/docs` → `pages/api/docs.html`. */
export const routePageFile = (urlPath: string) => `pages/${urlPath.replace(/^\/+|\/+$/g, '')}.html`;

/**
 * Vite plugin: for each lazily loaded route, a copy of index.html that also preloads that route's
 * chunks and stylesheets, so opening /network (say) fetches its code beside the entry instead of
 * after it. `routes` maps a URL path to the module its route imports lazily (as in src/app/router.tsx),
 * relative to the project root; the copies go to `pages/<path>.html`, where web/server looks for
 * them before falling back to index.html.
 */
export function routePages(routes: Record<string, string>): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'shm:route-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? path.join(root, 'dist');
      const { closure, dynamicEntry } = chunkGraph(bundle);
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const initial = initialFiles(html, base);
      for (const [urlPath, module] of Object.entries(routes)) {
        const moduleId = path.resolve(root, module);
        const entry = dynamicEntry(moduleId);
        if (!entry) throw new Error(`route-pages: no lazily loaded chunk for ${module} (route ${urlPath})`);
        const tags = preloadTags([...closure([entry])].filter((file) => !initial.has(file)), base);
        const target = path.join(outDir, routePageFile(urlPath));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, html.replace(/\n?\s*<\/head>/, (end) => `\n    ${tags.join('\n    ')}${end}`));
      }
    },
  };
}
