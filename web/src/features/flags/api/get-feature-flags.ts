import { queryOptions, useQuery } from '@tanstack/react-query';
import { FEATURE_FLAGS_STALE_MS } from '../../../config/constants';
import { flagsRoutes } from '@shm/contracts';
import { callApi } from '../../../lib/api-client';
import { readCachedFlags, writeCachedFlags } from '../utils/flags-cache';

export const FLAG_NAMES = ['paymentGate', 'confetti', 'networkData', 'personalizedDashboard'] as const;
export type FlagName = (typeof FLAG_NAMES)[number];
export type FeatureFlags = Record<FlagName, boolean>;

/** Every flag is off until the server says otherwise (spec §1). */
export const FLAGS_OFF: FeatureFlags = { paymentGate: false, confetti: false, networkData: false, personalizedDashboard: false };

/** Valid only with success true and a flags object (spec §5); a flag is on only when it is exactly true. */
export function parseFeatureFlags(reply: unknown): FeatureFlags {
  const body = reply as { success?: unknown; flags?: unknown } | null;
  if (!body || body.success !== true || typeof body.flags !== 'object' || body.flags === null) {
    throw new Error('Invalid response format');
  }
  const flags = body.flags as Record<string, unknown>;
  return Object.fromEntries(FLAG_NAMES.map((name) => [name, flags[name] === true])) as FeatureFlags;
}

/** The server's flags; a valid answer is also kept in localStorage (`featureFlags`, spec §3) for the next visit. */
export async function getFeatureFlags(signal?: AbortSignal): Promise<FeatureFlags> {
  const flags = parseFeatureFlags(await callApi(flagsRoutes.read, { signal }));
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
    queryFn: ({ signal }) => getFeatureFlags(signal),
    initialData: () => readCachedFlags(FLAG_NAMES),
    initialDataUpdatedAt: 0,
    staleTime: FEATURE_FLAGS_STALE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });

/**
 * Whether the server has answered (or failed to) since the page loaded. Until then the flags may be
 * the cached ones: what depends on the server agreeing (calculating without the gate) waits for this.
 */
export const flagsSettled = (query: { dataUpdatedAt: number; isError: boolean }) => query.dataUpdatedAt > 0 || query.isError;

/** The flags: the cached ones (else all off) until the server answers; the last known ones after a failure. */
export function useFeatureFlags() {
  const query = useQuery(featureFlagsQueryOptions());
  return { flags: query.data ?? FLAGS_OFF, isLoaded: query.isSuccess };
}
