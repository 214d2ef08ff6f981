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
export async function saveScenario(d: DashboardDomain, wallet: string, input: NewScenario): Promise<Scenario> {
  return d.lock.run(wallet, async () => {
    if (input.profileId && !(await d.profiles.get(wallet, input.profileId))) throw notFound('Profile');
    assertBelowLimit(await d.scenarios.count(wallet), 'scenarios', 'scenarios');
    const at = d.now().toISOString();
    const scenario: Scenario = { ...input, profileId: input.profileId ?? null, id: d.newId(), walletAddress: wallet, createdAt: at, updatedAt: at };
    await d.scenarios.insert(scenario);
    return scenario;
  });
}

export async function getScenario(d: DashboardDomain, wallet: string, id: string): Promise<Scenario> {
  const scenario = await d.scenarios.get(wallet, id);
  if (!scenario) throw notFound('Scenario');
  return scenario;
}

export async function renameScenario(d: DashboardDomain, wallet: string, id: string, scenarioName: string): Promise<Scenario> {
  const scenario = await d.scenarios.update(wallet, id, { scenarioName }, d.now().toISOString());
  if (!scenario) throw notFound('Scenario');
  return scenario;
}

export async function deleteScenario(d: DashboardDomain, wallet: string, id: string): Promise<void> {
  if (!(await d.scenarios.remove(wallet, id))) throw notFound('Scenario');
}
