import { Router } from 'express';
import { dashboardContract } from '@shm/contracts';
import { assertSameWallet, parseWith, mountRoute } from '@shm/platform';
import type { DashboardUseCases } from '../../domain/use-cases';
import { dashboardCaller, type CallerCheck } from './caller';


/** Spec §7 scenario list and save, plus reading, renaming and deleting one. */
export function scenariosRoutes(useCases: DashboardUseCases, check: CallerCheck): Router {
  const router = Router();
  /** The signed-in wallet and the scenario id, once the path's address is checked against it. */
  const scenarioOf = (req: Parameters<typeof dashboardCaller>[0]) => {
    const wallet = dashboardCaller(req, check);
    const { address, scenarioId } = parseWith(dashboardContract.scenario.pathParams, req.params);
    assertSameWallet(address, wallet, 'address');
    return { wallet, scenarioId };
  };

  mountRoute(router, dashboardContract.scenarios, async (req, res) => {
    const wallet = dashboardCaller(req, check);
    assertSameWallet(parseWith(dashboardContract.scenarios.pathParams, req.params).address, wallet, 'address');
    res.setHeader('Cache-Control', 'no-store');
    res.json(dashboardContract.scenarios.reply.parse({ success: true, scenarios: await useCases.listScenarios(wallet) }));
  });

  mountRoute(router, dashboardContract.saveScenario, async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { walletAddress, ...input } = parseWith(dashboardContract.saveScenario.body, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.status(201).json(dashboardContract.saveScenario.reply.parse({ success: true, scenario: await useCases.saveScenario(wallet, input) }));
  });

  mountRoute(router, dashboardContract.scenario, async (req, res) => {
    const { wallet, scenarioId } = scenarioOf(req);
    res.setHeader('Cache-Control', 'no-store');
    res.json(dashboardContract.scenario.reply.parse({ success: true, scenario: await useCases.getScenario(wallet, scenarioId) }));
  });

  mountRoute(router, dashboardContract.renameScenario, async (req, res) => {
    const { wallet, scenarioId } = scenarioOf(req);
    const { walletAddress, scenarioName } = parseWith(dashboardContract.renameScenario.body, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.json(dashboardContract.renameScenario.reply.parse({ success: true, scenario: await useCases.renameScenario(wallet, scenarioId, scenarioName) }));
  });

  mountRoute(router, dashboardContract.deleteScenario, async (req, res) => {
    const { wallet, scenarioId } = scenarioOf(req);
    await useCases.deleteScenario(wallet, scenarioId);
    res.json(dashboardContract.deleteScenario.reply.parse({ success: true, deletedId: scenarioId }));
  });

  return router;
}
