import { Button } from 'primereact/button';
import { useDashboard } from '../hooks/dashboard-context';
import { ActiveProfilePanel } from './active-profile-panel';
import { CurrentAnalysis } from './current-analysis';

/** Spec §2.6 Overview: the active profile, quick actions, and the current analysis. */
export function OverviewTab() {
  const { results, isCalculating, startCreateProfile, startSaveScenario } = useDashboard();
  return (
    <div className="dashboard-tab dashboard-overview">
      <ActiveProfilePanel />
      <section className="dashboard-panel" aria-labelledby="dashboard-actions-title">
        <h3 id="dashboard-actions-title" className="dashboard-panel__title">
          Quick Actions
        </h3>
        <div className="dashboard-actions">
          <Button type="button" label="Create Profile" icon="pi pi-user-plus" onClick={startCreateProfile} data-testid="quick-create-profile" />
          <Button type="button" label="Save Scenario" icon="pi pi-bookmark" outlined onClick={startSaveScenario} data-testid="quick-save-scenario" />
        </div>
      </section>
      <CurrentAnalysis results={results} isCalculating={isCalculating} />
    </div>
  );
}
