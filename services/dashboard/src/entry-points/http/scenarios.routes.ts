import { dashboardContract } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';
import type { DashboardDomain } from '../../domain/deps';
import { deleteScenario, getScenario, renameScenario, saveScenario } from '../../domain/scenarios';

/** Spec §7 scenario list and save, plus reading, renaming and deleting one. */
export const scenariosRoutes = (domain: DashboardDomain): RouteHandler[] => [
  handler(dashboardContract.scenarios, async ({ wallet }) => ({ success: true, scenarios: await domain.scenarios.list(wallet) })),
  handler(dashboardContract.saveScenario, async ({ wallet, body: { walletAddress: _named, ...input } }) => ({
    success: true,
    scenario: await saveScenario(domain, wallet, input),
  })),
  handler(dashboardContract.scenario, async ({ wallet, params: { scenarioId } }) => ({ success: true, scenario: await getScenario(domain, wallet, scenarioId) })),
  handler(dashboardContract.renameScenario, async ({ wallet, params: { scenarioId }, body: { scenarioName } }) => ({
    success: true,
    scenario: await renameScenario(domain, wallet, scenarioId, scenarioName),
  })),
  handler(dashboardContract.deleteScenario, async ({ wallet, params: { scenarioId } }) => {
    await deleteScenario(domain, wallet, scenarioId);
    return { success: true, deletedId: scenarioId };
  }),
];
