import { useQuery } from '@tanstack/react-query';
import { apiDocsRoutes, EndpointsReplySchema, type EndpointsReply } from '@shm/contracts';
import { STORAGE_KEYS } from '../../../config/storage-keys';
import { callApi } from '../../../lib/api-client';

const storedAdminToken = () => {
  try {
    return localStorage.getItem(STORAGE_KEYS.adminToken);
  } catch {
    return null;
  }
};

/** The endpoint list, asked for with the stored admin token when there is one (spec §6). */
export async function getEndpoints(signal?: AbortSignal): Promise<EndpointsReply> {
  const token = storedAdminToken();
  const reply = await callApi(apiDocsRoutes.endpoints, { signal, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return EndpointsReplySchema.parse(reply);
}

export function useEndpoints() {
  return useQuery({ queryKey: ['api-docs', 'endpoints'], queryFn: ({ signal }) => getEndpoints(signal) });
}
