import { useSyncExternalStore } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS, type EndpointsReply } from '@shm/contracts';
import { apiDocsContract } from '@shm/contracts/api-docs';
import { callApi, type ApiFetch } from '../../../lib/api-client';
import { localStore } from '../../../lib/persisted-storage';

const storedAdminToken = () => localStore.read(STORAGE_KEYS.adminToken);

/** The endpoint list, asked for with the stored admin token when there is one (spec §6). */
export async function getEndpoints(signal?: AbortSignal, fetch?: ApiFetch): Promise<EndpointsReply> {
  const token = storedAdminToken();
  return callApi(apiDocsContract.endpoints, { signal, fetch, headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

type Audience = 'public' | 'admin';

/** The list for `audience`; the server's render (and the browser's first) reads the public one. */
export const endpointsQueryOptions = (audience: Audience = 'public') =>
  queryOptions({ queryKey: ['api-docs', 'endpoints', audience], queryFn: ({ signal, meta }) => getEndpoints(signal, meta?.apiFetch) });

const storedAudience = (): Audience => (storedAdminToken() ? 'admin' : 'public');
const serverAudience = (): Audience => 'public';
/** Another tab signing in or out of the admin page changes the stored token (a `storage` event here). */
function subscribeToStoredToken(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * The list for whoever reads the page. The first render (the server's, and the browser's taking it
 * over) has the public list; a browser with a stored admin token then asks for the admin's, the
 * public list showing until it is there. A page the browser renders itself asks for it at once.
 */
export function useEndpoints() {
  const audience = useSyncExternalStore(subscribeToStoredToken, storedAudience, serverAudience);
  return useQuery({ ...endpointsQueryOptions(audience), placeholderData: keepPreviousData });
}
