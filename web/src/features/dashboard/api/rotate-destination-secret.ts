import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** A new signing secret for a webhook, answered this once; the old one stops signing at once. */
export async function rotateDestinationSecret(id: string): Promise<string> {
  return (await callApi(dashboardContract.rotateDestinationSecret, { params: { id } })).secret;
}

export function useRotateDestinationSecret(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rotateDestinationSecret(id),
    // A webhook added before signing shows as signed from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.alerts(address) }),
  });
}
