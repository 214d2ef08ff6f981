import { Suspense, useEffect } from 'react';
import { Outlet, matchRoutes, type LoaderFunction, type RouteObject } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { CalculatorRoute, prefetch as prefetchCalculator } from './routes/calculator';
import { ROOT_ROUTE_ID, type PageModule, type Prefetch, type RootData } from './page-route';
import { UNKNOWN_PAGE, calculatorPage, titled, type Page } from './seo/page-meta';

/**
 * The pages (spec §2), one table for the browser's router (main.tsx) and the server's
 * (entry-server.tsx). Each page declares its <head> facts (`page`, docs/seo.md) and its data: its module's
 * `prefetch` fills the query cache with what it shows first, with the same query options its
 * components read. The calculator is the landing page and the fallback, so it ships in the first
 * bundle; the other pages are loaded on first visit (`load`; `module` is the file's name under
 * ./routes, which is how the web server finds its code and styles in the build's manifest).
 */
interface PageRoute {
  path: string;
  page: Page;
  module?: string;
  load?: () => Promise<PageModule>;
}

const API_DOCS: Page = {
  canonicalPath: '/api/docs',
  title: titled('API Documentation'),
  description:
    'The HTTP API of the Shardeum Validator Node Calculator: every endpoint with its parameters, request body, example responses and how to authenticate.',
  inSitemap: true,
};

const PAGE_ROUTES: PageRoute[] = [
  { path: '/', page: calculatorPage('/', true) },
  // The same page as `/`; its own canonical all the same (docs/seo.md, "Canonical").
  { path: '/calculator', page: calculatorPage('/calculator', false) },
  {
    path: '/network',
    page: {
      canonicalPath: '/network',
      title: titled('Network Data'),
      description:
        'Live Shardeum network statistics: total, active, standby and community validator nodes, how long a new node waits to become active, and their history.',
      inSitemap: true,
    },
    module: 'network',
    load: () => import('./routes/network'),
  },
  {
    path: '/methodology',
    page: {
      canonicalPath: '/methodology',
      title: titled('Methodology'),
      description:
        'How the Shardeum Validator Node Calculator works: every formula behind rewards, APY, inflation, break-even and projections, with the current figures in it.',
      inSitemap: true,
    },
    module: 'methodology',
    load: () => import('./routes/methodology'),
  },
  { path: '/api/docs', page: API_DOCS, module: 'api-docs', load: () => import('./routes/api-docs') },
  { path: '/api', page: API_DOCS, module: 'api-docs', load: () => import('./routes/api-docs') },
  {
    path: '/shm/admin',
    page: {
      canonicalPath: '/shm/admin',
      title: titled('Admin Panel'),
      description: 'Admin panel of the Shardeum Validator Node Calculator: feature flags, for the authorised wallet only.',
      robots: 'noindex, nofollow',
    },
    module: 'admin',
    load: () => import('./routes/admin'),
  },
  { path: '*', page: UNKNOWN_PAGE },
];

/** What a route's `handle` holds. */
export interface PageHandle {
  page: Page;
  module?: string;
}

export interface RouteDeps {
  queryClient: QueryClient;
  /** The origin the page is rendered with: the public origin on the server, the page's own in the browser. */
  origin: string;
  /**
   * On the server: how long a loader waits for its page's data (until it is there or the render's
   * deadline). Absent in the browser, where a loader starts the reads and the page renders at once,
   * showing its own loading states as before.
   */
  waitFor?: (reads: Promise<unknown>) => Promise<unknown>;
  /**
   * In the browser taking a server-rendered page over: called once the page inside the boundary is
   * hydrated (main.tsx asks for the flags again then). Earlier, an answer that differs from the
   * server's would reach parts not yet hydrated, and React would find them unlike the server's HTML.
   */
  onHydrated?: () => void;
}


const loaderOf =
  ({ queryClient, waitFor }: RouteDeps, prefetch?: Prefetch): LoaderFunction =>
  async ({ request }) => {
    const reads = prefetch?.({ queryClient, url: new URL(request.url) }) ?? Promise.resolve();
    // A read that fails is left to the page (it shows it as it does in the browser).
    const settled = reads.catch(() => undefined);
    if (waitFor) await waitFor(settled);
    return null;
  };

/**
 * Every page inside a Suspense boundary: taking the server's HTML over, React hydrates the root at
 * once and the page inside the boundary afterwards, in a render that yields to the browser every few
 * milliseconds (selective hydration), so a slow phone's main thread is never blocked by the whole
 * page in one long task.
 */
function Root({ onHydrated }: { onHydrated?: () => void }) {
  return (
    <Suspense fallback={null}>
      <Outlet />
      {onHydrated && <Hydrated onHydrated={onHydrated} />}
    </Suspense>
  );
}

/** Inside the page's boundary: its effect runs once that boundary is hydrated. */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/**
 * A page's loader runs when the page is entered, never again for the page on screen: the calculator
 * writes its inputs into the address as they change, and its components ask for what a change needs.
 */
const shouldRevalidate = () => false;

/** The routes with their loaders bound to `deps`. */
export function appRoutes(deps: RouteDeps): RouteObject[] {
  const root: RouteObject = {
    id: ROOT_ROUTE_ID,
    path: '/',
    loader: (): RootData => ({ origin: deps.origin, renderedAt: Date.now() }),
    shouldRevalidate,
    Component: () => <Root onHydrated={deps.onHydrated} />,
    // The app shell (no server render): nothing until the first page's loader and code are there, as before.
    HydrateFallback: () => null,
    children: PAGE_ROUTES.map(({ path, page, module, load }): RouteObject => {
      const handle: PageHandle = { page, module };
      const route = path === '/' ? { index: true as const, handle, shouldRevalidate } : { path, handle, shouldRevalidate };
      if (!load) return { ...route, Component: CalculatorRoute, loader: loaderOf(deps, prefetchCalculator) };
      return {
        ...route,
        lazy: async () => {
          const { Component, prefetch } = await load();
          return { Component, loader: loaderOf(deps, prefetch) };
        },
      };
    }),
  };
  return [root];
}

/** The page facts of the route `pathname` matches (the router's own matching: any case, trailing slash or not). */
export function pageAt(pathname: string): Page {
  const match = matchRoutes(PAGE_ROUTES, pathname)?.at(-1);
  return match?.route.page ?? UNKNOWN_PAGE;
}

/** The public pages (their canonical paths), for sitemap.xml. */
export const SITEMAP_PATHS: readonly string[] = [
  ...new Set(PAGE_ROUTES.flatMap(({ page }) => (page.inSitemap && page.canonicalPath ? [page.canonicalPath] : []))),
];

/** The modules of the lazily loaded pages, as the build's manifest names them. */
export const PAGE_MODULES: readonly string[] = [...new Set(PAGE_ROUTES.flatMap(({ module }) => (module ? [pageModuleFile(module)] : [])))];

/** The manifest's name of a page module: `network` → `src/app/routes/network.tsx`. */
export function pageModuleFile(module: string): string {
  return `src/app/routes/${module}.tsx`;
}
