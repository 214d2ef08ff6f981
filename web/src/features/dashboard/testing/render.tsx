import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { ToastContext } from '../../../components/toast/toast-context';
import { DashboardContext, type DashboardContextValue } from '../hooks/dashboard-context';

export const TEST_ADDRESS = '0x1111111111111111111111111111111111111111';

/**
 * Renders a dashboard part to HTML as the page would, inside its providers: the query cache holds
 * `cached` (so a tab shows its data at once, no request), toasts go nowhere, and the dashboard
 * context has the wallet and whatever else `context` gives.
 */
export function renderInDashboard(ui: ReactElement, { cached = [], context = {} }: { cached?: [QueryKey, unknown][]; context?: Partial<DashboardContextValue> } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  for (const [key, data] of cached) client.setQueryData(key, data);
  const value = { address: TEST_ADDRESS, ...context } as DashboardContextValue;
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ToastContext.Provider value={{ showToast: () => undefined, dismissToast: () => undefined }}>
        <DashboardContext.Provider value={value}>{ui}</DashboardContext.Provider>
      </ToastContext.Provider>
    </QueryClientProvider>,
  );
}
