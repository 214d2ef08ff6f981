import { Router } from 'express';
import { z } from 'zod';
import {
  DeletedReplySchema,
  RenameScenarioRequestSchema,
  SaveScenarioRequestSchema,
  ScenarioReplySchema,
  ScenariosReplySchema,
  WalletAddressSchema,
} from '@shm/contracts';
import { assertSameWallet, parseWith } from '@shm/platform';
import type { DashboardUseCases } from '../../domain/use-cases';
import { dashboardCaller, type CallerCheck } from './caller';

const AddressParamSchema = z.object({ address: WalletAddressSchema });
const ScenarioParamSchema = AddressParamSchema.extend({ scenarioId: z.string().min(1).max(64) });

/** Spec §7 scenario list and save, plus reading, renaming and deleting one. */
export function scenariosRoutes(useCases: DashboardUseCases, check: CallerCheck): Router {
  const router = Router();
  /** The signed-in wallet and the scenario id, once the path's address is checked against it. */
  const scenarioOf = (req: Parameters<typeof dashboardCaller>[0]) => {
    const wallet = dashboardCaller(req, check);
    const { address, scenarioId } = parseWith(ScenarioParamSchema, req.params);
    assertSameWallet(address, wallet, 'address');
    return { wallet, scenarioId };
  };

  router.get('/api/dashboard/scenarios/:address', async (req, res) => {
    const wallet = dashboardCaller(req, check);
    assertSameWallet(parseWith(AddressParamSchema, req.params).address, wallet, 'address');
    res.setHeader('Cache-Control', 'no-store');
    res.json(ScenariosReplySchema.parse({ success: true, scenarios: await useCases.listScenarios(wallet) }));
  });

  router.post('/api/dashboard/scenarios', async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { walletAddress, ...input } = parseWith(SaveScenarioRequestSchema, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.status(201).json(ScenarioReplySchema.parse({ success: true, scenario: await useCases.saveScenario(wallet, input) }));
  });

  router.get('/api/dashboard/scenarios/:address/:scenarioId', async (req, res) => {
    const { wallet, scenarioId } = scenarioOf(req);
    res.setHeader('Cache-Control', 'no-store');
    res.json(ScenarioReplySchema.parse({ success: true, scenario: await useCases.getScenario(wallet, scenarioId) }));
  });

  router.patch('/api/dashboard/scenarios/:address/:scenarioId', async (req, res) => {
    const { wallet, scenarioId } = scenarioOf(req);
    const { walletAddress, scenarioName } = parseWith(RenameScenarioRequestSchema, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.json(ScenarioReplySchema.parse({ success: true, scenario: await useCases.renameScenario(wallet, scenarioId, scenarioName) }));
  });

  router.delete('/api/dashboard/scenarios/:address/:scenarioId', async (req, res) => {
    const { wallet, scenarioId } = scenarioOf(req);
    await useCases.deleteScenario(wallet, scenarioId);
    res.json(DeletedReplySchema.parse({ success: true, deletedId: scenarioId }));
  });

  return router;
}
