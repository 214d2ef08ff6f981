import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** In `vite` dev the SPA talks to the gateway directly; in production the web server proxies /api. */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
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
});
