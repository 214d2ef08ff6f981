import type { CalculatorParams, Scenario, ScenarioResults } from '@shm/contracts';
import type { DashboardDomain } from './deps';
import { assertBelowLimit, notFound } from './errors';

export interface NewScenario {
  scenarioName: string;
  profileId?: string | null;
  parameters: CalculatorParams;
  results: ScenarioResults;
}

/** A scenario may name one of the wallet's own profiles (another wallet's is not found). */
export async function saveScenario(domain: DashboardDomain, wallet: string, input: NewScenario): Promise<Scenario> {
  return domain.lock.run(wallet, async (held) => {
    if (input.profileId && !(await domain.profiles.get(wallet, input.profileId))) throw notFound('Profile');
    assertBelowLimit(await domain.scenarios.count(wallet), 'scenarios', 'scenarios');
    const at = domain.now().toISOString();
    const scenario: Scenario = { ...input, profileId: input.profileId ?? null, id: domain.newId(), walletAddress: wallet, createdAt: at, updatedAt: at };
    held.throwIfAborted();
    await domain.scenarios.insert(scenario);
    return scenario;
  });
}

export async function getScenario(domain: DashboardDomain, wallet: string, id: string): Promise<Scenario> {
  const scenario = await domain.scenarios.get(wallet, id);
  if (!scenario) throw notFound('Scenario');
  return scenario;
}

export async function renameScenario(domain: DashboardDomain, wallet: string, id: string, scenarioName: string): Promise<Scenario> {
  const scenario = await domain.scenarios.update(wallet, id, { scenarioName }, domain.now().toISOString());
  if (!scenario) throw notFound('Scenario');
  return scenario;
}

export async function deleteScenario(domain: DashboardDomain, wallet: string, id: string): Promise<void> {
  if (!(await domain.scenarios.remove(wallet, id))) throw notFound('Scenario');
}
