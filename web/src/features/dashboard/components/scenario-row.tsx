import type { ScenarioSummary } from '@shm/contracts';
import { Button } from 'primereact/button';
import { formatMoment } from '../utils/dates';

interface ScenarioRowProps {
  scenario: ScenarioSummary;
  /** The linked profile's name; null when none is linked, undefined when it was deleted. */
  profileName: string | null | undefined;
  onView: () => void;
  /** Picked for the side-by-side comparison. */
  selected: boolean;
  /** False once as many scenarios as the comparison takes are picked (and this one is not). */
  selectable: boolean;
  onToggle: (selected: boolean) => void;
}

/** One saved scenario with its 'View Details' button (spec §2.6) and a box to pick it for comparison. */
export function ScenarioRow({ scenario, profileName, onView, selected, selectable, onToggle }: ScenarioRowProps) {
  const profile = profileName === null ? 'No profile' : (profileName ?? 'Deleted profile');
  const boxId = `compare-${scenario.id}`;
  return (
    <li
      className={`dashboard-row dashboard-row--compact${selected ? ' dashboard-row--selected' : ''}`}
      data-testid="scenario-row"
      data-scenario-id={scenario.id}
      data-selected={selected}
    >
      <div className="dashboard-row__main">
        <h4 className="dashboard-row__title" data-testid="scenario-name">
          {scenario.scenarioName}
        </h4>
        <p className="dashboard-row__meta">
          Saved {formatMoment(scenario.createdAt)} · <i className="pi pi-user" aria-hidden="true" /> {profile}
        </p>
      </div>
      <div className="dashboard-row__actions">
        <div className="dashboard-check">
          <input
            type="checkbox"
            id={boxId}
            className="dashboard-checkbox"
            checked={selected}
            disabled={!selected && !selectable}
            onChange={(e) => onToggle(e.target.checked)}
            data-testid="scenario-compare-box"
          />
          <label htmlFor={boxId}>
            Compare<span className="dashboard-sr-only"> "{scenario.scenarioName}"</span>
          </label>
        </div>
        <Button type="button" label="View Details" icon="pi pi-eye" size="small" outlined onClick={onView} data-testid="scenario-details" />
      </div>
    </li>
  );
}
