import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

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
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const initial = new Set([...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => (m[1] as string).slice(base.length)));
      for (const [urlPath, module] of Object.entries(routes)) {
        const moduleId = path.resolve(root, module);
        const entry = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId === moduleId);
        if (!entry) throw new Error(`route-pages: no lazily loaded chunk for ${module} (route ${urlPath})`);
        const tags = [...closure([entry])]
          .filter((file) => !initial.has(file))
          .map((file) =>
            file.endsWith('.css')
              ? `<link rel="stylesheet" crossorigin href="${base}${file}">`
              : `<link rel="modulepreload" crossorigin href="${base}${file}">`,
          );
        const target = path.join(outDir, routePageFile(urlPath));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, html.replace(/\n?\s*<\/head>/, (end) => `\n    ${tags.join('\n    ')}${end}`));
      }
    },
  };
}
