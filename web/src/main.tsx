import './zod-config';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primeicons/primeicons.css';
import './app/styles.css';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { preloadRoute } from './app/router';
import { applyQueries, readSsrState } from './app/ssr-state';
import { featureFlagsQueryOptions } from './features/flags/api/get-feature-flags';
import { preloadDeferred } from './lib/lazy-component';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const container = root;

// The server sent the page rendered (web/server/render-page.ts, docs/server-rendering.md): the browser
// takes it over with the same answers and the same parts, so nothing on it changes. A page other than
// the calculator comes in a chunk of its own (its HTML preloads it): the first render waits for it, as
// for the parts the server rendered, so the page paints whole at once.
const state = readSsrState(document);
void preloadRoute(window.location.pathname)
  .catch(() => undefined)
  .then(() => (state ? preloadDeferred(state.deferred) : undefined))
  .then(() => {
    const queryClient = createQueryClient();
    if (state) {
      applyQueries(queryClient, state.queries);
      // The flags are asked for on every load, as before (the page may come from the server's short
      // cache): the page shows the server's flags meanwhile, and follows at once if they have changed.
      void queryClient.invalidateQueries({ queryKey: featureFlagsQueryOptions().queryKey, refetchType: 'none' });
    }
    const app = (
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>
    );
    if (state) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
