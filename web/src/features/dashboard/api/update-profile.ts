import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvestmentProfile, UpdateProfileRequest } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** Any subset of the fields; `isDefault: true` makes the profile the default (the others lose it). */
export async function updateProfile(id: string, body: UpdateProfileRequest): Promise<InvestmentProfile> {
  return (await callApi(dashboardContract.updateProfile, { params: { id }, body })).profile;
}

export function useUpdateProfile(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Omit<UpdateProfileRequest, 'walletAddress'> }) =>
      updateProfile(id, { ...changes, walletAddress: address }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.profiles(address) }),
  });
}
