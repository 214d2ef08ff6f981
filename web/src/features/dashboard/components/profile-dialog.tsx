import { RISK_TOLERANCES, type RiskTolerance } from '@shm/contracts';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import type { ProfileFormValues } from '../utils/profile-form';
import { FormDialog, NumberFields, TextField, useFormValues, type FormDialogProps, type NumberFieldSpec } from './form-dialog';
import { FormField, invalidProps } from './form-field';

const RISK_OPTIONS = RISK_TOLERANCES.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));

/** Number fields of the form (spec §5): `step` "any" except whole months and the 8-decimal price. */
const NUMBER_FIELDS: NumberFieldSpec<ProfileFormValues>[] = [
  { name: 'investmentAmount', label: 'Investment Amount ($)', step: 'any', min: 0 },
  { name: 'targetTimeframe', label: 'Target Timeframe (months)', step: '1', min: 1 },
  { name: 'targetEarnings', label: 'Target Earnings ($)', step: 'any', min: 0 },
  { name: 'preferredShmPrice', label: 'Preferred SHM Price ($)', step: '0.00000001', min: 0 },
  { name: 'customNodeCost', label: 'Node Cost Per Month ($)', step: 'any', min: 0 },
];

/** Create and Edit Profile (spec §2.6, §5): no checks here, the server names each bad field. */
export function ProfileDialog({ initial, error, ...dialog }: FormDialogProps<ProfileFormValues>) {
  const form = useFormValues('profile', initial, error);
  const { values, set, errors, id } = form;
  return (
    <FormDialog {...dialog} form={form} formId="profile-form" submitTestId="profile-submit">
      <TextField form={form} name="profileName" label="Profile Name" />
      <div className="input-grid input-grid--2">
        <NumberFields form={form} fields={NUMBER_FIELDS} />
        <FormField id={id('riskTolerance')} label="Risk Tolerance" error={errors.riskTolerance}>
          <Dropdown
            inputId={id('riskTolerance')}
            value={values.riskTolerance}
            options={RISK_OPTIONS}
            onChange={(e) => set('riskTolerance', e.value as RiskTolerance)}
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
    </FormDialog>
  );
}
