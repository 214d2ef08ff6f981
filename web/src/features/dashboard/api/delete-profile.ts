import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardRoutes, DeleteProfileReplySchema, type DeleteProfileReply } from '@shm/contracts';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** Deleting the default promotes the most recently updated other profile (`newDefaultId`). */
export async function deleteProfile(id: string): Promise<DeleteProfileReply> {
  return DeleteProfileReplySchema.parse(await callApi(dashboardRoutes.deleteProfile, { params: { id } }));
}

export function useDeleteProfile(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteProfile(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.profiles(address) }),
  });
}
