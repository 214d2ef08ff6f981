import type { SaveScenarioRequest, ScenarioSummary } from '@shm/contracts';
import { useToast } from '../../../components/toast/toast-context';
import { useDeleteScenario } from '../api/delete-scenario';
import { useRenameScenario } from '../api/rename-scenario';
import { useSaveScenario } from '../api/save-scenario';
import { failure, success } from './texts';

type Done = () => void;

/** Scenario changes with their toasts ('Scenario Saved' is spec §7–8; rename and delete in the same voice). */
export function useScenarioActions(address: string) {
  const { showToast } = useToast();
  const save = useSaveScenario(address);
  const rename = useRenameScenario(address);
  const remove = useDeleteScenario(address);

  return {
    save,
    rename,
    remove,
    saveScenario: (body: Omit<SaveScenarioRequest, 'walletAddress'>, done: Done) =>
      save.mutate(body, {
        onSuccess: (scenario) => { showToast(success('Scenario Saved', `"${scenario.scenarioName}" is in your saved scenarios.`)); done(); },
        onError: (error) => showToast(failure('Save Failed', error, 'The scenario could not be saved. Please try again.')),
      }),
    renameScenario: (id: string, scenarioName: string, done: Done) =>
      rename.mutate(
        { id, scenarioName },
        {
          onSuccess: (scenario) => { showToast(success('Scenario Renamed', `The scenario is now called "${scenario.scenarioName}".`)); done(); },
          onError: (error) => showToast(failure('Rename Failed', error, 'The scenario could not be renamed. Please try again.')),
        },
      ),
    deleteScenario: (scenario: Pick<ScenarioSummary, 'id' | 'scenarioName'>, done: Done) =>
      remove.mutate(scenario.id, {
        onSuccess: () => { showToast(success('Scenario Deleted', `"${scenario.scenarioName}" was deleted.`)); done(); },
        onError: (error) => showToast(failure('Delete Failed', error, 'The scenario could not be deleted. Please try again.')),
      }),
  };
}
