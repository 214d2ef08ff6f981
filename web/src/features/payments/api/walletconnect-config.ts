import { queryOptions, useQuery } from '@tanstack/react-query';
import { WalletConnectConfigReplySchema, type WalletConnectConfigReply } from '@shm/contracts';
import { API_PATHS } from '../../../config/api-paths';
import { apiRequest } from '../../../lib/api-client';

/** Spec §7: projectId, networks, metadata, and what a payment must be (recipient, amount, explorer). */
export const getWalletConnectConfig = async (signal?: AbortSignal): Promise<WalletConnectConfigReply> =>
  WalletConnectConfigReplySchema.parse(await apiRequest(API_PATHS.walletConnectConfig, { signal }));

/** Fetched once per page load; it does not change while the page is open. */
export const walletConnectConfigQueryOptions = () =>
  queryOptions({ queryKey: ['walletconnect-config'], queryFn: ({ signal }) => getWalletConnectConfig(signal) });

export const useWalletConnectConfig = () => useQuery(walletConnectConfigQueryOptions());
