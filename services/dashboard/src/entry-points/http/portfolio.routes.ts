import { Router } from 'express';
import { z } from 'zod';
import {
  CreatePortfolioEntryRequestSchema,
  DeletedReplySchema,
  PortfolioEntryReplySchema,
  PortfolioReplySchema,
  UpdatePortfolioEntryRequestSchema,
  WalletAddressSchema,
} from '@shm/contracts';
import { assertSameWallet, parseWith } from '@shm/platform';
import type { DashboardUseCases } from '../../domain/use-cases';
import { dashboardCaller, type CallerCheck } from './caller';

const AddressParamSchema = z.object({ address: WalletAddressSchema });
const EntryParamSchema = AddressParamSchema.extend({ entryId: z.string().min(1).max(64) });

/** Spec §7 portfolio list, plus creating, editing and deleting entries. */
export function portfolioRoutes(useCases: DashboardUseCases, check: CallerCheck): Router {
  const router = Router();

  router.get('/api/dashboard/portfolio/:address', async (req, res) => {
    const wallet = dashboardCaller(req, check);
    assertSameWallet(parseWith(AddressParamSchema, req.params).address, wallet, 'address');
    res.setHeader('Cache-Control', 'no-store');
    res.json(PortfolioReplySchema.parse({ success: true, ...(await useCases.listPortfolio(wallet)) }));
  });

  router.post('/api/dashboard/portfolio', async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { walletAddress, ...fields } = parseWith(CreatePortfolioEntryRequestSchema, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.status(201).json(PortfolioEntryReplySchema.parse({ success: true, entry: await useCases.createPortfolioEntry(wallet, fields) }));
  });

  router.patch('/api/dashboard/portfolio/:address/:entryId', async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { address, entryId } = parseWith(EntryParamSchema, req.params);
    const { walletAddress, ...changes } = parseWith(UpdatePortfolioEntryRequestSchema, req.body);
    assertSameWallet(address, wallet, 'address');
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.json(PortfolioEntryReplySchema.parse({ success: true, entry: await useCases.updatePortfolioEntry(wallet, entryId, changes) }));
  });

  router.delete('/api/dashboard/portfolio/:address/:entryId', async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { address, entryId } = parseWith(EntryParamSchema, req.params);
    assertSameWallet(address, wallet, 'address');
    await useCases.deletePortfolioEntry(wallet, entryId);
    res.json(DeletedReplySchema.parse({ success: true, deletedId: entryId }));
  });

  return router;
}
