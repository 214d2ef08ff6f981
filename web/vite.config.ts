import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bootScript } from './build/boot-script.ts';
import { bundleReport } from './build/bundle-report.ts';
import { precompress } from './build/precompress.ts';
import { subsetFonts } from './build/subset-fonts.ts';
import { trimPrimeCss } from './build/trim-css.ts';

/** `npm run analyze -w web`: source maps and a report of what the first page loads (build/bundle-report.ts). */
const analyze = Boolean(process.env.ANALYZE);

/** What the browser's build runs besides React's plugin. */
const clientPlugins = [
  react(),
  // Only the CSS the app uses: PrimeReact's theme without unused components, PrimeIcons without unused icons.
  trimPrimeCss({ srcDir: fileURLToPath(new URL('./src', import.meta.url)) }),
  // Smaller fonts: a Latin subset of the text font (the full file stays for other characters), only the icons in use.
  subsetFonts({ cacheDir: fileURLToPath(new URL('./node_modules/.cache/shm-fonts', import.meta.url)) }),
  // The first script of a page the server rendered (it loads the app after the first paint).
  bootScript(),
  // Every text file of the build also as .br and .gz, which web/server picks by Accept-Encoding.
  precompress(),
  ...(analyze ? [bundleReport()] : []),
];

/** In `vite` dev the SPA talks to the gateway directly; in production the web server proxies /api. */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8000';

export default defineConfig(({ isSsrBuild }) => ({
  // The server's render (src/entry-server.tsx → dist-ssr/, loaded by web/server/render-page.ts):
  // self-contained, so the web server needs none of the SPA's packages installed.
  ssr: { noExternal: true },
  // React's production build on the server too (its packages pick by NODE_ENV at run time otherwise).
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  plugins: isSsrBuild ? [react()] : clientPlugins,
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false, sourcemap: true }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // .vite/manifest.json: each page module's chunks and stylesheets, which the web server puts in
        // the pages it renders (web/server/page-assets.ts).
        manifest: true,
        chunkSizeWarningLimit: 700,
        sourcemap: analyze,
        rolldownOptions: {
          // @shm/contracts is plain declarations (schemas, constants, the endpoint registry): what the
          // SPA does not import is left out, e.g. the registry with its examples (the docs page reads /api/endpoints).
          treeshake: { moduleSideEffects: (id) => (/[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id) ? false : undefined) },
          output: {
            // What the first page needs at once goes in one chunk (one request, compressed as a whole);
            // everything loaded later is split as the bundler sees fit.
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
          },
        },
      },
  server: {
    proxy: {
      '/api': {
        target: apiTarget,
        changeOrigin: true,
        // /api and /api/docs are also SPA pages (as in web/server/app.ts): a browser navigation gets the app.
        bypass: (req) =>
          /^\/api(\/docs)?\/?(\?.*)?$/.test(req.url ?? '') && req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
      },
    },
  },
}));
