import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertDestination, CreateDestinationRequest } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** Where the URL may point (https, no private addresses) is the server's check; a 400 names the field. */
export async function createDestination(body: CreateDestinationRequest): Promise<AlertDestination> {
  return (await callApi(dashboardContract.createDestination, { body })).destination;
}

export function useCreateDestination(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateDestinationRequest, 'walletAddress'>) => createDestination({ ...body, walletAddress: address }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.alerts(address) }),
  });
}
