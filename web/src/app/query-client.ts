import { QueryClient } from '@tanstack/react-query';
import type { ApiFetch } from '../lib/api-client';

/**
 * Spec §7: reads never retry, never refetch on focus, never go stale unless a query says so; mutations
 * do not retry. The server's render gives `apiFetch` (its calls go to the gateway as the visitor):
 * every query function passes its client's `meta.apiFetch` to the API client.
 */
export const createQueryClient = ({ apiFetch }: { apiFetch?: ApiFetch } = {}) =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        ...(apiFetch ? { meta: { apiFetch } } : {}),
      },
      mutations: { retry: false },
    },
  });
