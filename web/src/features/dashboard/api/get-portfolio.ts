import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortfolioReply } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** The entries with their expected rewards, and the live parameters (`basis`) the expectation used. */
export async function getPortfolio(address: string, signal?: AbortSignal): Promise<PortfolioReply> {
  return callApi(dashboardContract.portfolio, { params: { address }, signal });
}

/** How often a portfolio with linked nodes is read again while shown: a node's state changes between cycles (60 s). */
export const LINKED_PORTFOLIO_REFRESH_MS = 15_000;

export const portfolioQueryOptions = (address: string) =>
  queryOptions({
    queryKey: dashboardKeys.portfolio(address),
    queryFn: ({ signal }) => getPortfolio(address, signal),
    // Only a portfolio that follows real nodes changes without the visitor doing anything.
    refetchInterval: (query) => (query.state.data?.entries.some((entry) => entry.nodePublicKey) ? LINKED_PORTFOLIO_REFRESH_MS : false),
  });

export const usePortfolio = (address: string) => useQuery(portfolioQueryOptions(address));
