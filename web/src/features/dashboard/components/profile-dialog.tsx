import { useState } from 'react';
import { RISK_TOLERANCES, type RiskTolerance } from '@shm/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { fieldErrorsOf } from '../utils/api-errors';
import type { ProfileFormValues } from '../utils/profile-form';
import { FormField, invalidProps } from './form-field';

const RISK_OPTIONS = RISK_TOLERANCES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));

/** Number fields of the form (spec §5): `step` "any" except whole months and the 8-decimal price. */
const NUMBER_FIELDS: { name: keyof ProfileFormValues; label: string; step: string; min: number }[] = [
  { name: 'investmentAmount', label: 'Investment Amount ($)', step: 'any', min: 0 },
  { name: 'targetTimeframe', label: 'Target Timeframe (months)', step: '1', min: 1 },
  { name: 'targetEarnings', label: 'Target Earnings ($)', step: 'any', min: 0 },
  { name: 'preferredShmPrice', label: 'Preferred SHM Price ($)', step: '0.00000001', min: 0 },
  { name: 'customNodeCost', label: 'Node Cost Per Month ($)', step: 'any', min: 0 },
];

interface ProfileDialogProps {
  title: string;
  submitLabel: string;
  /** The form starts from these; the parent remounts the dialog (key) to start again. */
  initial: ProfileFormValues;
  pending: boolean;
  /** The last failure: a 400's field messages show beside their inputs. */
  error: unknown;
  onSubmit: (values: ProfileFormValues) => void;
  onHide: () => void;
}

/** Create and Edit Profile (spec §2.6, §5): no checks here, the server names each bad field. */
export function ProfileDialog({ title, submitLabel, initial, pending, error, onSubmit, onHide }: ProfileDialogProps) {
  const [values, setValues] = useState(initial);
  const errors = fieldErrorsOf(error);
  const set = (name: keyof ProfileFormValues, value: string) => setValues((prev) => ({ ...prev, [name]: value }));
  const id = (name: string) => `profile-${name}`;

  const footer = (
    <div className="dashboard-dialog__footer">
      <Button type="button" label="Cancel" text onClick={onHide} disabled={pending} />
      <Button type="submit" form="profile-form" label={submitLabel} icon="pi pi-check" loading={pending} data-testid="profile-submit" />
    </div>
  );

  return (
    <Dialog header={title} visible onHide={onHide} footer={footer} className="dashboard-dialog" modal>
      <form
        id="profile-form"
        data-testid="profile-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onSubmit(values);
        }}
      >
        <FormField id={id('profileName')} label="Profile Name" error={errors.profileName}>
          <InputText
            id={id('profileName')}
            value={values.profileName}
            onChange={(e) => set('profileName', e.target.value)}
            autoComplete="off"
            {...invalidProps(id('profileName'), errors.profileName)}
          />
        </FormField>
        <div className="input-grid input-grid--2">
          {NUMBER_FIELDS.map(({ name, label, step, min }) => (
            <FormField key={name} id={id(name)} label={label} error={errors[name]}>
              <InputText
                id={id(name)}
                type="number"
                inputMode="decimal"
                step={step}
                min={min}
                value={values[name]}
                onChange={(e) => set(name, e.target.value)}
                {...invalidProps(id(name), errors[name])}
              />
            </FormField>
          ))}
          <FormField id={id('riskTolerance')} label="Risk Tolerance" error={errors.riskTolerance}>
            <Dropdown
              inputId={id('riskTolerance')}
              value={values.riskTolerance}
              options={RISK_OPTIONS}
              onChange={(e) => setValues((prev) => ({ ...prev, riskTolerance: e.value as RiskTolerance }))}
              invalid={Boolean(errors.riskTolerance)}
            />
          </FormField>
        </div>
        <FormField id={id('notes')} label="Notes (optional)" error={errors.notes}>
          <InputTextarea
            id={id('notes')}
            value={values.notes}
            rows={3}
            autoResize
            onChange={(e) => set('notes', e.target.value)}
            {...invalidProps(id('notes'), errors.notes)}
          />
        </FormField>
      </form>
    </Dialog>
  );
}
