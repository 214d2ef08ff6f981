import { queryOptions } from '@tanstack/react-query';
import type { FeatureFlagName } from '@shm/contracts';
import { adminContract } from '@shm/contracts/admin';
import { FEATURE_FLAGS_STALE_MS } from '../../../config/constants';
import { callApi } from '../../../lib/api-client';
import { bearer } from './admin-auth';

/** The flags; a reply other than success true with every flag is 'Invalid response format' (spec §5). */
export const getAdminFlags = async (token: string, signal?: AbortSignal) => (await callApi(adminContract.readFlags, { headers: bearer(token), signal })).flags;

export const updateAdminFlag = async (token: string, feature: FeatureFlagName, enabled: boolean) =>
  (await callApi(adminContract.setFlag, { headers: bearer(token), body: { feature, enabled } })).flags;

/** Refreshed at most every 30 s (spec §4). */
export const adminFlagsQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['admin', 'feature-flags', token],
    queryFn: ({ signal }) => getAdminFlags(token, signal),
    staleTime: FEATURE_FLAGS_STALE_MS,
  });
