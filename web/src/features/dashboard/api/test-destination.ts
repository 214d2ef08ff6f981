import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardRoutes, TestDeliveryReplySchema, type Delivery } from '@shm/contracts';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** Queues a sample alert to one destination; its delivery joins the list like any other. */
export async function testDestination(id: string): Promise<Delivery> {
  return TestDeliveryReplySchema.parse(await callApi(dashboardRoutes.testDestination, { params: { id } })).delivery;
}

export function useTestDestination(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => testDestination(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.alerts(address) }),
  });
}
