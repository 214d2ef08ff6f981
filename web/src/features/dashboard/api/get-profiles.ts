import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_PATHS, ProfilesReplySchema, type InvestmentProfile } from '@shm/contracts';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** The signed-in wallet's profiles, newest first (exactly one is the default while any exist). */
export async function getProfiles(address: string, signal?: AbortSignal): Promise<InvestmentProfile[]> {
  const url = `${DASHBOARD_PATHS.profiles}?${new URLSearchParams({ walletAddress: address })}`;
  return ProfilesReplySchema.parse(await apiRequest(url, { signal })).profiles;
}

export const profilesQueryOptions = (address: string) =>
  queryOptions({ queryKey: dashboardKeys.profiles(address), queryFn: ({ signal }) => getProfiles(address, signal) });

export const useProfiles = (address: string) => useQuery(profilesQueryOptions(address));
