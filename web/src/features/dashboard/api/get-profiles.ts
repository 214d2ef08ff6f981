import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvestmentProfile } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** The signed-in wallet's profiles, newest first (exactly one is the default while any exist). */
export async function getProfiles(address: string, signal?: AbortSignal): Promise<InvestmentProfile[]> {
  return (await callApi(dashboardContract.profiles, { query: { walletAddress: address }, signal })).profiles;
}

export const profilesQueryOptions = (address: string) =>
  queryOptions({ queryKey: dashboardKeys.profiles(address), queryFn: ({ signal }) => getProfiles(address, signal) });

export const useProfiles = (address: string) => useQuery(profilesQueryOptions(address));
