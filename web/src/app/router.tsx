import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { CalculatorRoute } from './routes/calculator';

/**
 * Routes (spec §2). The calculator is the landing page and the fallback, so it ships in the first bundle;
 * the other pages are added lazily as they are built, e.g.
 *   { path: '/network', lazy: () => import('./routes/network').then((m) => ({ Component: m.NetworkRoute })) },
 *   { path: '/shm/admin', lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminRoute })) },
 *   { path: '/api/docs', lazy: ... } and { path: '/api', lazy: ... } for the API documentation page.
 */
const router = createBrowserRouter([
  { path: '/', element: <CalculatorRoute /> },
  { path: '/calculator', element: <CalculatorRoute /> },
  { path: '/network', lazy: () => import('./routes/network').then((m) => ({ Component: m.NetworkRoute })) },
  { path: '/shm/admin', lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminRoute })) },
  { path: '/api/docs', lazy: () => import('./routes/api-docs').then((m) => ({ Component: m.ApiDocsRoute })) },
  { path: '/api', lazy: () => import('./routes/api-docs').then((m) => ({ Component: m.ApiDocsRoute })) },
  { path: '*', element: <CalculatorRoute /> },
]);

export const AppRouter = () => <RouterProvider router={router} />;
