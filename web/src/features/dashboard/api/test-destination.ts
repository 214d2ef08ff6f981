import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Delivery } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** Queues a sample alert to one destination; its delivery joins the list like any other. */
export async function testDestination(id: string): Promise<Delivery> {
  return (await callApi(dashboardContract.testDestination, { params: { id } })).delivery;
}

export function useTestDestination(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => testDestination(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.alerts(address) }),
  });
}
