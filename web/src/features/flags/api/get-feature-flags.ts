import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../../config/api-paths';
import { FEATURE_FLAGS_STALE_MS } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';

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

export const getFeatureFlags = async (signal?: AbortSignal) =>
  parseFeatureFlags(await apiRequest(API_PATHS.featureFlags, { signal }));

export const featureFlagsQueryOptions = () =>
  queryOptions({
    queryKey: ['feature-flags'],
    queryFn: ({ signal }) => getFeatureFlags(signal),
    staleTime: FEATURE_FLAGS_STALE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** The flags, all off while loading and on any failure. */
export function useFeatureFlags() {
  const query = useQuery(featureFlagsQueryOptions());
  return { flags: query.data ?? FLAGS_OFF, isLoaded: query.isSuccess };
}
