import { QueryClient, type QueryCache } from '@tanstack/react-query';

/** Spec §7: reads never retry, never refetch on focus, never go stale unless a query says so; mutations do not retry. */
export const createQueryClient = (queryCache?: QueryCache) =>
  new QueryClient({
    queryCache,
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
