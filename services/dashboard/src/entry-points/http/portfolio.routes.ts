import { dashboardContract } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';
import type { DashboardDomain } from '../../domain/deps';
import { createPortfolioEntry, deletePortfolioEntry, listPortfolio, updatePortfolioEntry } from '../../domain/portfolio';

/** Spec §7 portfolio list, plus creating, editing and deleting entries. */
export const portfolioRoutes = (domain: DashboardDomain): RouteHandler[] => [
  handler(dashboardContract.portfolio, async ({ wallet }) => ({ success: true, ...(await listPortfolio(domain, wallet)) })),
  handler(dashboardContract.createEntry, async ({ wallet, body: { walletAddress: _named, ...fields } }) => ({
    success: true,
    entry: await createPortfolioEntry(domain, wallet, fields),
  })),
  handler(dashboardContract.updateEntry, async ({ wallet, params: { entryId }, body: { walletAddress: _named, ...changes } }) => ({
    success: true,
    entry: await updatePortfolioEntry(domain, wallet, entryId, changes),
  })),
  handler(dashboardContract.deleteEntry, async ({ wallet, params: { entryId } }) => {
    await deletePortfolioEntry(domain, wallet, entryId);
    return { success: true, deletedId: entryId };
  }),
];
