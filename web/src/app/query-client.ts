import { QueryClient } from '@tanstack/react-query';

/** Spec §7: reads never retry, never refetch on focus, never go stale unless a query says so; mutations do not retry. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
