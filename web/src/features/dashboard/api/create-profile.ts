import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_PATHS, ProfileReplySchema, type CreateProfileRequest, type InvestmentProfile } from '@shm/contracts';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** The wallet's first profile becomes the default whatever the body says (server rule). */
export async function createProfile(body: CreateProfileRequest): Promise<InvestmentProfile> {
  return ProfileReplySchema.parse(await apiRequest(DASHBOARD_PATHS.profiles, { method: 'POST', body })).profile;
}

export function useCreateProfile(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateProfileRequest, 'walletAddress'>) => createProfile({ ...body, walletAddress: address }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.profiles(address) }),
  });
}
