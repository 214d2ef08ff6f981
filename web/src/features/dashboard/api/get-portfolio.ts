import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardRoutes, PortfolioReplySchema, type PortfolioReply } from '@shm/contracts';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** The entries with their expected rewards, and the live parameters (`basis`) the expectation used. */
export async function getPortfolio(address: string, signal?: AbortSignal): Promise<PortfolioReply> {
  return PortfolioReplySchema.parse(await callApi(dashboardRoutes.portfolio, { params: { address }, signal }));
}

export const portfolioQueryOptions = (address: string) =>
  queryOptions({ queryKey: dashboardKeys.portfolio(address), queryFn: ({ signal }) => getPortfolio(address, signal) });

export const usePortfolio = (address: string) => useQuery(portfolioQueryOptions(address));
