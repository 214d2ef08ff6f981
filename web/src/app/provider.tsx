import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { ToastProvider } from '../components/toast/toast-provider';

interface AppProviderProps {
  children: ReactNode;
  /** The page's query client (the server's for its render; the browser's, with the server's answers). */
  queryClient: QueryClient;
}

/** What every page has around it, on the server and in the browser. */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  // The page is the browser's now (rendered, or the server's taken over): `<html data-app="ready">`.
  useEffect(() => void (document.documentElement.dataset.app = 'ready'), []);
  return (
    <PrimeReactProvider value={{ ripple: true }}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
