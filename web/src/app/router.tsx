import { Suspense } from 'react';
import { Route, Routes, matchPath } from 'react-router-dom';
import { lazyRoute } from '../lib/lazy-component';
import { CalculatorRoute } from './routes/calculator';

/**
 * Routes (spec §2). The calculator is the landing page and the fallback, so it ships in the first
 * bundle; the other pages load on first visit. web/vite.config.ts names their modules too (each gets
 * a copy of index.html that preloads its code).
 */
const NetworkRoute = lazyRoute(() => import('./routes/network').then((m) => m.NetworkRoute));
const AdminRoute = lazyRoute(() => import('./routes/admin').then((m) => m.AdminRoute));
const ApiDocsRoute = lazyRoute(() => import('./routes/api-docs').then((m) => m.ApiDocsRoute));
const MethodologyRoute = lazyRoute(() => import('./routes/methodology').then((m) => m.MethodologyRoute));

const LAZY_ROUTES = [
  { path: '/network', Page: NetworkRoute },
  { path: '/shm/admin', Page: AdminRoute },
  { path: '/api/docs', Page: ApiDocsRoute },
  { path: '/api', Page: ApiDocsRoute },
  { path: '/methodology', Page: MethodologyRoute },
];

/** Fetches the code of the page at `pathname` when it is a lazily loaded one (before the first render, so it paints at once). */
export function preloadRoute(pathname: string): Promise<unknown> {
  const route = LAZY_ROUTES.find(({ path }) => matchPath(path, pathname));
  return route ? route.Page.preload() : Promise.resolve();
}

/** The pages; the router around them is the browser's (app.tsx) or the server's (entry-server.tsx). */
export const AppRoutes = () => (
  <Suspense fallback={null}>
    <Routes>
      <Route path="/" element={<CalculatorRoute />} />
      <Route path="/calculator" element={<CalculatorRoute />} />
      {LAZY_ROUTES.map(({ path, Page }) => (
        <Route key={path} path={path} element={<Page />} />
      ))}
      <Route path="*" element={<CalculatorRoute />} />
    </Routes>
  </Suspense>
);
