import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_PATHS, ScenarioReplySchema, type Scenario } from '@shm/contracts';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export async function renameScenario(address: string, id: string, scenarioName: string): Promise<Scenario> {
  const reply = await apiRequest(DASHBOARD_PATHS.scenario(address, id), { method: 'PATCH', body: { scenarioName, walletAddress: address } });
  return ScenarioReplySchema.parse(reply).scenario;
}

export function useRenameScenario(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scenarioName }: { id: string; scenarioName: string }) => renameScenario(address, id, scenarioName),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.scenarios(address) }),
  });
}
