import { Router } from 'express';
import { dashboardContract } from '@shm/contracts';
import { assertSameWallet, parseWith, mountRoute } from '@shm/platform';
import type { DashboardUseCases } from '../../domain/use-cases';
import { dashboardCaller, type CallerCheck } from './caller';


/** Spec §7 portfolio list, plus creating, editing and deleting entries. */
export function portfolioRoutes(useCases: DashboardUseCases, check: CallerCheck): Router {
  const router = Router();

  mountRoute(router, dashboardContract.portfolio, async (req, res) => {
    const wallet = dashboardCaller(req, check);
    assertSameWallet(parseWith(dashboardContract.portfolio.pathParams, req.params).address, wallet, 'address');
    res.setHeader('Cache-Control', 'no-store');
    res.json(dashboardContract.portfolio.reply.parse({ success: true, ...(await useCases.listPortfolio(wallet)) }));
  });

  mountRoute(router, dashboardContract.createEntry, async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { walletAddress, ...fields } = parseWith(dashboardContract.createEntry.body, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.status(201).json(dashboardContract.createEntry.reply.parse({ success: true, entry: await useCases.createPortfolioEntry(wallet, fields) }));
  });

  mountRoute(router, dashboardContract.updateEntry, async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { address, entryId } = parseWith(dashboardContract.updateEntry.pathParams, req.params);
    const { walletAddress, ...changes } = parseWith(dashboardContract.updateEntry.body, req.body);
    assertSameWallet(address, wallet, 'address');
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.json(dashboardContract.updateEntry.reply.parse({ success: true, entry: await useCases.updatePortfolioEntry(wallet, entryId, changes) }));
  });

  mountRoute(router, dashboardContract.deleteEntry, async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { address, entryId } = parseWith(dashboardContract.deleteEntry.pathParams, req.params);
    assertSameWallet(address, wallet, 'address');
    await useCases.deletePortfolioEntry(wallet, entryId);
    res.json(dashboardContract.deleteEntry.reply.parse({ success: true, deletedId: entryId }));
  });

  return router;
}
