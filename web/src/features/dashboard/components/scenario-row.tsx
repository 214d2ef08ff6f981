import type { ScenarioSummary } from '@shm/contracts';
import { Button } from 'primereact/button';
import { formatMoment } from '../utils/dates';

interface ScenarioRowProps {
  scenario: ScenarioSummary;
  /** The linked profile's name; null when none is linked, undefined when it was deleted. */
  profileName: string | null | undefined;
  onView: () => void;
}

/** One saved scenario with its 'View Details' button (spec §2.6). */
export function ScenarioRow({ scenario, profileName, onView }: ScenarioRowProps) {
  const profile = profileName === null ? 'No profile' : (profileName ?? 'Deleted profile');
  return (
    <li className="dashboard-row dashboard-row--compact" data-testid="scenario-row" data-scenario-id={scenario.id}>
      <div className="dashboard-row__main">
        <h4 className="dashboard-row__title" data-testid="scenario-name">
          {scenario.scenarioName}
        </h4>
        <p className="dashboard-row__meta">
          Saved {formatMoment(scenario.createdAt)} · <i className="pi pi-user" aria-hidden="true" /> {profile}
        </p>
      </div>
      <Button type="button" label="View Details" icon="pi pi-eye" size="small" outlined onClick={onView} data-testid="scenario-details" />
    </li>
  );
}
