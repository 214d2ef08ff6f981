import { InputText } from 'primereact/inputtext';
import { localDay, typedKey, type PortfolioFormValues } from '../utils/portfolio-form';
import { FormDialog, NumberFields, TextField, useFormValues, type FormDialogProps, type NumberFieldSpec } from './form-dialog';
import { FormField, invalidProps } from './form-field';

const NUMBER_FIELDS: NumberFieldSpec<PortfolioFormValues>[] = [
  { name: 'actualInvestment', label: 'Investment ($)', step: 'any', min: 0 },
  { name: 'shmPriceAtEntry', label: 'SHM Price at Entry ($)', step: '0.00000001', min: 0 },
  { name: 'actualRewards', label: 'Rewards Received (SHM)', step: 'any', min: 0 },
];

export const NODE_KEY_HINT =
  '64 hex characters: your validator dashboard (GUI) shows it, and so does the archiver’s node list. ' +
  'A linked entry is one node; its state and the SHM it earns by the network’s rules are tracked for you.';

/** Add or edit a portfolio entry: the nodes run, what they cost, when they started and the SHM received so far, or the one node it links. */
export function PortfolioDialog({ initial, error, ...dialog }: FormDialogProps<PortfolioFormValues>) {
  const form = useFormValues('entry', initial, error);
  const { values, set, errors, id } = form;
  const linked = typedKey(values) !== '';
  return (
    <FormDialog {...dialog} form={form} formId="portfolio-form" submitTestId="entry-submit">
      <TextField form={form} name="label" label="Label (optional)" />
      <FormField id={id('nodePublicKey')} label="Node public key (optional)" error={errors.nodePublicKey} hint={NODE_KEY_HINT}>
        <InputText
          id={id('nodePublicKey')}
          className="dashboard-key-input"
          value={values.nodePublicKey}
          onChange={(e) => set('nodePublicKey', e.target.value)}
          placeholder="e.g. 9f2c…(64 characters)"
          autoComplete="off"
          spellCheck={false}
          maxLength={80}
          aria-describedby={`${id('nodePublicKey')}-hint`}
          {...invalidProps(id('nodePublicKey'), errors.nodePublicKey)}
        />
      </FormField>
      <div className="input-grid input-grid--2">
        <FormField id={id('nodeCount')} label="Node Count" error={errors.nodeCount} hint={linked ? 'One node: the linked one' : undefined}>
          <InputText
            id={id('nodeCount')}
            type="number"
            inputMode="numeric"
            step="1"
            min={1}
            value={linked ? '1' : values.nodeCount}
            disabled={linked}
            onChange={(e) => set('nodeCount', e.target.value)}
            {...invalidProps(id('nodeCount'), errors.nodeCount)}
          />
        </FormField>
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
