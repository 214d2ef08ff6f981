import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProfileRequest, InvestmentProfile } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** The wallet's first profile becomes the default whatever the body says (server rule). */
export async function createProfile(body: CreateProfileRequest): Promise<InvestmentProfile> {
  return (await callApi(dashboardContract.createProfile, { body })).profile;
}

export function useCreateProfile(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateProfileRequest, 'walletAddress'>) => createProfile({ ...body, walletAddress: address }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.profiles(address) }),
  });
}
