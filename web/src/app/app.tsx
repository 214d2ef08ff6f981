import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** The app in the browser; the server renders the same routes inside a StaticRouter (src/entry-server.tsx). */
export const App = ({ queryClient }: { queryClient?: QueryClient }) => (
  <AppProvider queryClient={queryClient}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppProvider>
);
