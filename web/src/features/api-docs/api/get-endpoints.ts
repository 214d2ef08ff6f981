import { useQuery } from '@tanstack/react-query';
import { apiDocsRoutes, EndpointsReplySchema, STORAGE_KEYS, type EndpointsReply } from '@shm/contracts';
import { callApi } from '../../../lib/api-client';
import { localStore } from '../../../lib/persisted-storage';

const storedAdminToken = () => localStore.read(STORAGE_KEYS.adminToken);

/** The endpoint list, asked for with the stored admin token when there is one (spec §6). */
export async function getEndpoints(signal?: AbortSignal): Promise<EndpointsReply> {
  const token = storedAdminToken();
  const reply = await callApi(apiDocsRoutes.endpoints, { signal, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return EndpointsReplySchema.parse(reply);
}

export function useEndpoints() {
  return useQuery({ queryKey: ['api-docs', 'endpoints'], queryFn: ({ signal }) => getEndpoints(signal) });
}
