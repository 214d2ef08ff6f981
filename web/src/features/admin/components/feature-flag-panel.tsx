import type { FeatureFlags } from '@shm/contracts';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputSwitch } from 'primereact/inputswitch';
import { FLAG_SWITCHES } from '../flag-labels';
import { useAdminFlags } from '../hooks/use-admin-flags';

/**
 * PrimeReact gives the switch's wrapper role=checkbox as well as the input inside it role=switch: two
 * nested controls for one (axe: nested-interactive). The input, which has the label and takes focus, is the control.
 */
const SWITCH_PT = { root: { role: undefined, 'aria-checked': undefined } };

interface FeatureFlagPanelProps {
  token: string;
  onUnauthorized: () => void;
  onChanged?: (flags: FeatureFlags) => void;
}

/** Four switches with label and description, and 'Refresh Settings' (spec §2.8). */
export function FeatureFlagPanel(props: FeatureFlagPanelProps) {
  const { flags, isLoading, isRefreshing, refresh, setFlag } = useAdminFlags(props);

  return (
    <Card className="flag-panel" title="Feature Flags" subTitle="Changes apply to every visitor at once.">
      <ul className="flag-panel__list" aria-busy={isLoading}>
        {FLAG_SWITCHES.map(({ name, label, description }) => {
          const id = `flag-${name}`;
          return (
            <li key={name} className="flag-panel__item">
              <div className="flag-panel__text">
                <label htmlFor={id} className="flag-panel__label">
                  {label}
                </label>
                <p id={`${id}-description`} className="flag-panel__description">
                  {description}
                </p>
              </div>
              <InputSwitch
                inputId={id}
                checked={flags?.[name] ?? false}
                disabled={!flags}
                aria-describedby={`${id}-description`}
                onChange={(event) => setFlag(name, event.value)}
                pt={SWITCH_PT}
              />
            </li>
          );
        })}
      </ul>
      <Button
        type="button"
        label={isRefreshing ? 'Updating...' : 'Refresh Settings'}
        icon="pi pi-refresh"
        loading={isRefreshing}
        disabled={isRefreshing}
        severity="secondary"
        outlined
        onClick={() => void refresh()}
      />
    </Card>
  );
}
