import { queryOptions } from '@tanstack/react-query';
import { adminRoutes, AdminFlagsReplySchema, type FeatureFlagName, type FeatureFlags } from '@shm/contracts';
import { FEATURE_FLAGS_STALE_MS } from '../../../config/constants';
import { callApi } from '../../../lib/api-client';
import { bearer } from './admin-auth';

/** Valid only with success true and a flags object (spec §5). */
function parseFlags(reply: unknown): FeatureFlags {
  const parsed = AdminFlagsReplySchema.safeParse(reply);
  if (!parsed.success) throw new Error('Invalid response format');
  return parsed.data.flags;
}

export const getAdminFlags = async (token: string, signal?: AbortSignal) =>
  parseFlags(await callApi(adminRoutes.readFlags, { headers: bearer(token), signal }));

export const updateAdminFlag = async (token: string, feature: FeatureFlagName, enabled: boolean) =>
  parseFlags(await callApi(adminRoutes.setFlag, { headers: bearer(token), body: { feature, enabled } }));

/** Refreshed at most every 30 s (spec §4). */
export const adminFlagsQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['admin', 'feature-flags', token],
    queryFn: ({ signal }) => getAdminFlags(token, signal),
    staleTime: FEATURE_FLAGS_STALE_MS,
  });
