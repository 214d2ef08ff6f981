import { useState } from 'react';
import type { ScenarioSummary } from '@shm/contracts';
import { Button } from 'primereact/button';
import { useScenarios } from '../api/get-scenarios';
import { useDashboard } from '../hooks/dashboard-context';
import { COMPARE_MAX, COMPARE_MIN } from '../utils/compare';
import { QueryState } from './query-state';
import { ScenarioCompareDialog } from './scenario-compare-dialog';
import { ScenarioDetailsDialog } from './scenario-details-dialog';
import { ScenarioRepricing } from './scenario-repricing';
import { ScenarioRow } from './scenario-row';

/** Spec §2.6 Scenarios: the saved list, each opening its details; 2 or 3 of them side by side (issue 19). */
export function ScenariosTab() {
  const { address, profiles, startSaveScenario } = useDashboard();
  const scenarios = useScenarios(address);
  const [viewing, setViewing] = useState<ScenarioSummary | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [comparing, setComparing] = useState<ScenarioSummary[] | null>(null);
  const list = scenarios.data ?? [];
  // A deleted scenario drops out of the selection; the picking order is the columns' order.
  const selected = picked.flatMap((id) => list.filter((s) => s.id === id));
  const profileName = (id: string | null) => (id === null ? null : profiles.data?.find((p) => p.id === id)?.profileName);
  const toggle = (id: string, on: boolean) => setPicked((prev) => (on ? [...prev.filter((p) => p !== id), id] : prev.filter((p) => p !== id)));
  const canCompare = selected.length >= COMPARE_MIN && selected.length <= COMPARE_MAX;

  return (
    <div className="dashboard-tab">
      <div className="dashboard-tab__toolbar">
        <p className="dashboard-tab__intro">Calculator parameters and results you saved, to compare or load again.</p>
        <Button type="button" label="Save Scenario" icon="pi pi-bookmark" size="small" onClick={startSaveScenario} />
      </div>
      <QueryState what="scenarios" isPending={scenarios.isPending} error={scenarios.error} onRetry={() => void scenarios.refetch()} />
      <ScenarioRepricing scenarios={list} />
      {scenarios.isSuccess && list.length === 0 ? <p className="dashboard-empty">No saved scenarios yet. Save the calculator's current state to keep it.</p> : null}
      {list.length >= COMPARE_MIN ? (
        <div className="dashboard-compare-bar" data-testid="compare-bar">
          <p className="dashboard-row__meta" data-testid="compare-selection" aria-live="polite">
            {selected.length === 0
              ? `Tick ${COMPARE_MIN} or ${COMPARE_MAX} scenarios to compare them side by side.`
              : `${selected.length} of ${COMPARE_MAX} selected${selected.length < COMPARE_MIN ? `: tick at least ${COMPARE_MIN}` : ''}.`}
          </p>
          <div className="dashboard-row__actions">
            {selected.length > 0 ? <Button type="button" label="Clear" size="small" text onClick={() => setPicked([])} /> : null}
            <Button
              type="button"
              label="Compare"
              icon="pi pi-table"
              size="small"
              disabled={!canCompare}
              onClick={() => setComparing(selected)}
              data-testid="compare-scenarios"
            />
          </div>
        </div>
      ) : null}
      <ul className="dashboard-list" aria-label="Saved scenarios">
        {list.map((scenario) => {
          const isSelected = selected.some((s) => s.id === scenario.id);
          return (
            <ScenarioRow
              key={scenario.id}
              scenario={scenario}
              profileName={profileName(scenario.profileId)}
              onView={() => setViewing(scenario)}
              selected={isSelected}
              selectable={selected.length < COMPARE_MAX}
              onToggle={(on) => toggle(scenario.id, on)}
            />
          );
        })}
      </ul>
      {viewing ? <ScenarioDetailsDialog key={viewing.id} summary={viewing} onHide={() => setViewing(null)} /> : null}
      {comparing ? <ScenarioCompareDialog summaries={comparing} onHide={() => setComparing(null)} /> : null}
    </div>
  );
}
