import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { ToastProvider } from '../components/toast/toast-provider';
import { createQueryClient } from './query-client';

interface AppProviderProps {
  children: ReactNode;
  /** A client that already holds answers (the server's render, or the browser's with the server's answers). */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient: given }: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
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
