import { useState } from 'react';
import type { CalculatorParams, EconomicsResults, InvestmentProfile } from '@shm/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { formatPercent, formatShm } from '../../../lib/format';
import { fieldErrorsOf } from '../utils/api-errors';
import { FormField, invalidProps } from './form-field';

interface SaveScenarioDialogProps {
  initialName: string;
  /** Taken when the dialog opened, so what is saved is what the visitor saw. */
  params: CalculatorParams;
  results: EconomicsResults;
  profile: InvestmentProfile | null;
  pending: boolean;
  error: unknown;
  onSave: (scenarioName: string) => void;
  onHide: () => void;
}

/** Save Scenario: a name for the current parameters and results, linked to the active profile. */
export function SaveScenarioDialog({ initialName, params, results, profile, pending, error, onSave, onHide }: SaveScenarioDialogProps) {
  const [name, setName] = useState(initialName);
  const errors = fieldErrorsOf(error);
  const footer = (
    <div className="dashboard-dialog__footer">
      <Button type="button" label="Cancel" text onClick={onHide} disabled={pending} />
      <Button type="submit" form="scenario-form" label="Save Scenario" icon="pi pi-bookmark" loading={pending} data-testid="scenario-submit" />
    </div>
  );
  return (
    <Dialog header="Save Scenario" visible onHide={onHide} footer={footer} className="dashboard-dialog" modal>
      <form
        id="scenario-form"
        data-testid="scenario-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onSave(name.trim());
        }}
      >
        <FormField id="scenario-name" label="Scenario Name" error={errors.scenarioName}>
          <InputText
            id="scenario-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
            {...invalidProps('scenario-name', errors.scenarioName)}
          />
        </FormField>
        <p className="dashboard-note">
          <i className="pi pi-info-circle" aria-hidden="true" /> Saves all {Object.keys(params).length} calculator parameters with their results
          ({formatShm(results.monthlySHM)} a month, {formatPercent(results.netAPY)} net APY)
          {profile ? <>, linked to the profile "{profile.profileName}"</> : null}.
        </p>
      </form>
    </Dialog>
  );
}
