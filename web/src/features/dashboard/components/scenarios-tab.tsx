import { useState } from 'react';
import type { ScenarioSummary } from '@shm/contracts';
import { Button } from 'primereact/button';
import { useScenarios } from '../api/get-scenarios';
import { useDashboard } from '../hooks/dashboard-context';
import { QueryState } from './query-state';
import { ScenarioDetailsDialog } from './scenario-details-dialog';
import { ScenarioRow } from './scenario-row';

/** Spec §2.6 Scenarios: the saved list, each opening its details. */
export function ScenariosTab() {
  const { address, profiles, startSaveScenario } = useDashboard();
  const scenarios = useScenarios(address);
  const [viewing, setViewing] = useState<ScenarioSummary | null>(null);
  const list = scenarios.data ?? [];
  const profileName = (id: string | null) => (id === null ? null : profiles.data?.find((p) => p.id === id)?.profileName);

  return (
    <div className="dashboard-tab">
      <div className="dashboard-tab__toolbar">
        <p className="dashboard-tab__intro">Calculator parameters and results you saved, to compare or load again.</p>
        <Button type="button" label="Save Scenario" icon="pi pi-bookmark" size="small" onClick={startSaveScenario} />
      </div>
      <QueryState what="scenarios" isPending={scenarios.isPending} error={scenarios.error} onRetry={() => void scenarios.refetch()} />
      {scenarios.isSuccess && list.length === 0 ? <p className="dashboard-empty">No saved scenarios yet. Save the calculator's current state to keep it.</p> : null}
      <ul className="dashboard-list" aria-label="Saved scenarios">
        {list.map((scenario) => (
          <ScenarioRow key={scenario.id} scenario={scenario} profileName={profileName(scenario.profileId)} onView={() => setViewing(scenario)} />
        ))}
      </ul>
      {viewing ? <ScenarioDetailsDialog key={viewing.id} summary={viewing} onHide={() => setViewing(null)} /> : null}
    </div>
  );
}
