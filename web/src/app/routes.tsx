import { Outlet, matchRoutes, type LoaderFunction, type RouteObject } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { CalculatorRoute, prefetch as prefetchCalculator } from './routes/calculator';
import { PAGES, type Page } from './seo/page-meta';

/**
 * The pages (spec §2), one table for the browser's router (main.tsx) and the server's
 * (entry-server.tsx). Each page declares its <head> facts (`page`) and its data: its module's
 * `prefetch` fills the query cache with what it shows first, with the same query options its
 * components read. The calculator is the landing page and the fallback, so it ships in the first
 * bundle; the other pages are loaded on first visit (`load`; `module` is the file's name under
 * ./routes, which is how the web server finds its code and styles in the build's manifest).
 */
export interface PageContext {
  queryClient: QueryClient;
  /** The page's address (its query holds a calculator link's inputs). */
  url: URL;
}
export type Prefetch = (context: PageContext) => Promise<unknown>;

/** What a lazily loaded page module exports. */
export interface PageModule {
  Component: React.ComponentType;
  prefetch?: Prefetch;
}

interface PageRoute {
  path: string;
  page: Page;
  module?: string;
  load?: () => Promise<PageModule>;
}

const PAGE_ROUTES: PageRoute[] = [
  { path: '/', page: PAGES.home },
  { path: '/calculator', page: PAGES.calculator },
  { path: '/network', page: PAGES.network, module: 'network', load: () => import('./routes/network') },
  { path: '/methodology', page: PAGES.methodology, module: 'methodology', load: () => import('./routes/methodology') },
  { path: '/api/docs', page: PAGES.apiDocs, module: 'api-docs', load: () => import('./routes/api-docs') },
  { path: '/api', page: PAGES.apiDocs, module: 'api-docs', load: () => import('./routes/api-docs') },
  { path: '/shm/admin', page: PAGES.admin, module: 'admin', load: () => import('./routes/admin') },
  { path: '*', page: PAGES.unknown },
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
}

/** What the root route's loader gives every page. */
export interface RootData {
  origin: string;
}
export const ROOT_ROUTE_ID = 'root';

const loaderOf =
  ({ queryClient, waitFor }: RouteDeps, prefetch?: Prefetch): LoaderFunction =>
  async ({ request }) => {
    const reads = prefetch?.({ queryClient, url: new URL(request.url) }) ?? Promise.resolve();
    // A read that fails is left to the page (it shows it as it does in the browser).
    const settled = reads.catch(() => undefined);
    if (waitFor) await waitFor(settled);
    return null;
  };

/** The routes with their loaders bound to `deps`. */
export function appRoutes(deps: RouteDeps): RouteObject[] {
  const root: RouteObject = {
    id: ROOT_ROUTE_ID,
    path: '/',
    loader: (): RootData => ({ origin: deps.origin }),
    Component: Outlet,
    children: PAGE_ROUTES.map(({ path, page, module, load }): RouteObject => {
      const handle: PageHandle = { page, module };
      const route = path === '/' ? { index: true as const, handle } : { path, handle };
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
  return match?.route.page ?? PAGES.unknown;
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
