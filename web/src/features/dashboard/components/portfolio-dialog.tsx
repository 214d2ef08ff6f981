import { InputText } from 'primereact/inputtext';
import { localDay, type PortfolioFormValues } from '../utils/portfolio-form';
import { FormDialog, NumberFields, TextField, useFormValues, type FormDialogProps, type NumberFieldSpec } from './form-dialog';
import { FormField, invalidProps } from './form-field';

const NUMBER_FIELDS: NumberFieldSpec<PortfolioFormValues>[] = [
  { name: 'nodeCount', label: 'Node Count', step: '1', min: 1 },
  { name: 'actualInvestment', label: 'Investment ($)', step: 'any', min: 0 },
  { name: 'shmPriceAtEntry', label: 'SHM Price at Entry ($)', step: '0.00000001', min: 0 },
  { name: 'actualRewards', label: 'Rewards Received (SHM)', step: 'any', min: 0 },
];

/** Add or edit a portfolio entry: the nodes run, what they cost, when they started and the SHM received so far. */
export function PortfolioDialog({ initial, error, ...dialog }: FormDialogProps<PortfolioFormValues>) {
  const form = useFormValues('entry', initial, error);
  const { values, set, errors, id } = form;
  return (
    <FormDialog {...dialog} form={form} formId="portfolio-form" submitTestId="entry-submit">
      <TextField form={form} name="label" label="Label (optional)" />
      <div className="input-grid input-grid--2">
        <NumberFields form={form} fields={NUMBER_FIELDS} />
        <FormField id={id('entryDate')} label="Entry Date" error={errors.entryDate} hint="The day the nodes started">
          <InputText
            id={id('entryDate')}
            type="date"
            max={localDay(new Date())}
            value={values.entryDate}
            onChange={(e) => set('entryDate', e.target.value)}
            {...invalidProps(id('entryDate'), errors.entryDate)}
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
