import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDestinationRequest, DestinationReply } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export type CreatedDestination = Omit<DestinationReply, 'success'>;

/**
 * Where the URL may point (https, no private addresses) is the server's check; a 400 names the field.
 * A webhook's signing secret comes back this once (null for Discord and Telegram).
 */
export async function createDestination(body: CreateDestinationRequest): Promise<CreatedDestination> {
  const { destination, secret } = await callApi(dashboardContract.createDestination, { body });
  return { destination, secret };
}

export function useCreateDestination(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateDestinationRequest, 'walletAddress'>) => createDestination({ ...body, walletAddress: address }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.alerts(address) }),
  });
}
