import './zod-config';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes, type HydrationState } from 'react-router-dom';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primeicons/primeicons.css';
import './app/styles.css';
import { SSR_STATE_ID } from '../server/server-entry';
import { AppProvider } from './app/provider';
import { createQueryClient } from './app/query-client';
import { appRoutes } from './app/routes';
import { featureFlagsQueryOptions } from './features/flags/api/get-feature-flags';

/** What the server's render hands over (src/entry-server.tsx): the router's loader data and the query cache. */
interface ServerState {
  router: HydrationState;
  queries: DehydratedState;
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const container = root;

function serverState(): ServerState | null {
  const text = document.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}

// The server sent the page rendered (docs/server-rendering.md): the browser takes it over with the
// same answers and the same page code, so its first render is the server's HTML. The current page's
// code, when it is loaded lazily, is fetched before that render (React Router's documented way).
async function start() {
  const state = serverState();
  const queryClient = createQueryClient();
  // The flags are asked for on every load (the page may come from the server's short cache): the
  // page shows the server's meanwhile, and follows at once if they have changed. Only once the page
  // is hydrated: an answer unlike the server's must not reach a part React has yet to take over.
  let asked = false;
  const askFlags = () => {
    if (asked) return;
    asked = true;
    void queryClient.invalidateQueries({ queryKey: featureFlagsQueryOptions().queryKey });
  };
  const routes = appRoutes({ queryClient, origin: window.location.origin, onHydrated: state ? askFlags : undefined });
  if (state) {
    hydrate(queryClient, state.queries);
    const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        const loaded = await (route.lazy as () => Promise<object>)();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  }
  const router = createBrowserRouter(routes, { hydrationData: state?.router });
  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  if (state) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
