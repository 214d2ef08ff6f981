import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_PATHS, DeleteProfileReplySchema, type DeleteProfileReply } from '@shm/contracts';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** Deleting the default promotes the most recently updated other profile (`newDefaultId`). */
export async function deleteProfile(id: string): Promise<DeleteProfileReply> {
  return DeleteProfileReplySchema.parse(await apiRequest(DASHBOARD_PATHS.profile(id), { method: 'DELETE' }));
}

export function useDeleteProfile(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteProfile(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.profiles(address) }),
  });
}
