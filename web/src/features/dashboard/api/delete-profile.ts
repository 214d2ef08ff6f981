import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteProfileReply } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** Deleting the default promotes the most recently updated other profile (`newDefaultId`). */
export async function deleteProfile(id: string): Promise<DeleteProfileReply> {
  return callApi(dashboardContract.deleteProfile, { params: { id } });
}

export function useDeleteProfile(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteProfile(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.profiles(address) }),
  });
}
