import { queryOptions, useQuery } from '@tanstack/react-query';
import { FEATURE_FLAGS_STALE_MS } from '../../../config/constants';
import { flagsContract } from '@shm/contracts/flags';
import { callApi, type ApiFetch } from '../../../lib/api-client';
import { readCachedFlags, writeCachedFlags } from '../utils/flags-cache';

export const FLAG_NAMES = ['paymentGate', 'confetti', 'networkData', 'personalizedDashboard'] as const;
export type FlagName = (typeof FLAG_NAMES)[number];
export type FeatureFlags = Record<FlagName, boolean>;

/** Every flag is off until the server says otherwise (spec §1). */
export const FLAGS_OFF: FeatureFlags = { paymentGate: false, confetti: false, networkData: false, personalizedDashboard: false };

/**
 * The server's flags; a valid answer (success true and a flags object, spec §5, else 'Invalid response
 * format'; a flag on only when exactly true) is also kept in localStorage (`featureFlags`, spec §3).
 */
export async function getFeatureFlags(signal?: AbortSignal, fetch?: ApiFetch): Promise<FeatureFlags> {
  const { flags } = await callApi(flagsContract.read, { signal, fetch });
  writeCachedFlags(flags);
  return flags;
}

/**
 * Refreshed at most every 30 s (spec §4). The cached flags are the first data, so a returning visitor
 * sees no flash of defaults; dated 0 (always stale), so the server is still asked at once on load.
 */
export const featureFlagsQueryOptions = () =>
  queryOptions({
    queryKey: ['feature-flags'],
    queryFn: ({ signal, meta }) => getFeatureFlags(signal, meta?.apiFetch),
    initialData: () => readCachedFlags(FLAG_NAMES),
    initialDataUpdatedAt: 0,
    staleTime: FEATURE_FLAGS_STALE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });

/**
 * Whether the server has answered (or failed to) since the page loaded. Until then the flags may be
 * the cached ones: what depends on the server agreeing (calculating without the gate) waits for this.
 * Read from `isFetched`, which stays true through a refetch: the flags asked for again after the
 * page is taken over re-render nothing when they are the same.
 */
export const flagsSettled = (query: { isFetched: boolean; isError: boolean }) => query.isFetched || query.isError;

/** The flags: the cached ones (else all off) until the server answers; the last known ones after a failure. */
export function useFeatureFlags() {
  const query = useQuery(featureFlagsQueryOptions());
  return { flags: query.data ?? FLAGS_OFF, isLoaded: query.isSuccess };
}
