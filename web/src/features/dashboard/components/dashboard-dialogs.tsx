import type { CalculatorParams, EconomicsResults } from '@shm/contracts';
import { useDashboard } from '../hooks/dashboard-context';
import { useProfileActions } from '../hooks/use-profile-actions';
import { useScenarioActions } from '../hooks/use-scenario-actions';
import { prefillFromParams, toProfileFields } from '../utils/profile-form';
import { suggestScenarioName } from '../utils/scenario-name';
import { ProfileDialog } from './profile-dialog';
import { SaveScenarioDialog } from './save-scenario-dialog';

/** The calculator's parameters and results when the dialog opened. */
type Snapshot = { params: CalculatorParams; results: EconomicsResults };
export type OpenDialog = ({ kind: 'create-profile' } & Snapshot) | ({ kind: 'save-scenario' } & Snapshot) | null;

/** The dialogs more than one tab opens (Create Profile: Overview and Profiles; Save Scenario: Overview). */
export function DashboardDialogs({ dialog, onClose }: { dialog: OpenDialog; onClose: () => void }) {
  const { address, activeProfile } = useDashboard();
  const profiles = useProfileActions(address);
  const scenarios = useScenarioActions(address);
  if (!dialog) return null;

  if (dialog.kind === 'create-profile') {
    return (
      <ProfileDialog
        title="Create Profile"
        submitLabel="Create Profile"
        initial={prefillFromParams(dialog.params)}
        pending={profiles.create.isPending}
        error={profiles.create.error}
        onSubmit={(values) => profiles.createProfile(toProfileFields(values), onClose)}
        onHide={() => { profiles.create.reset(); onClose(); }}
      />
    );
  }
  return (
    <SaveScenarioDialog
      initialName={suggestScenarioName(dialog.params, new Date())}
      params={dialog.params}
      results={dialog.results}
      profile={activeProfile}
      pending={scenarios.save.isPending}
      error={scenarios.save.error}
      onSave={(scenarioName) =>
        scenarios.saveScenario({ scenarioName, profileId: activeProfile?.id ?? null, parameters: dialog.params, results: dialog.results }, onClose)
      }
      onHide={() => { scenarios.save.reset(); onClose(); }}
    />
  );
}
