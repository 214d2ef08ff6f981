import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { fieldErrorsOf } from '../utils/api-errors';
import { localDay, type PortfolioFormValues } from '../utils/portfolio-form';
import { FormField, invalidProps } from './form-field';

const NUMBER_FIELDS: { name: keyof PortfolioFormValues; label: string; step: string; min: number }[] = [
  { name: 'nodeCount', label: 'Node Count', step: '1', min: 1 },
  { name: 'actualInvestment', label: 'Investment ($)', step: 'any', min: 0 },
  { name: 'shmPriceAtEntry', label: 'SHM Price at Entry ($)', step: '0.00000001', min: 0 },
  { name: 'actualRewards', label: 'Rewards Received (SHM)', step: 'any', min: 0 },
];

interface PortfolioDialogProps {
  title: string;
  submitLabel: string;
  initial: PortfolioFormValues;
  pending: boolean;
  error: unknown;
  onSubmit: (values: PortfolioFormValues) => void;
  onHide: () => void;
}

/** Add or edit a portfolio entry: the nodes run, what they cost, when they started and the SHM received so far. */
export function PortfolioDialog({ title, submitLabel, initial, pending, error, onSubmit, onHide }: PortfolioDialogProps) {
  const [values, setValues] = useState(initial);
  const errors = fieldErrorsOf(error);
  const set = (name: keyof PortfolioFormValues, value: string) => setValues((prev) => ({ ...prev, [name]: value }));
  const id = (name: string) => `entry-${name}`;
  const footer = (
    <div className="dashboard-dialog__footer">
      <Button type="button" label="Cancel" text onClick={onHide} disabled={pending} />
      <Button type="submit" form="portfolio-form" label={submitLabel} icon="pi pi-check" loading={pending} data-testid="entry-submit" />
    </div>
  );
  return (
    <Dialog header={title} visible onHide={onHide} footer={footer} className="dashboard-dialog" modal>
      <form
        id="portfolio-form"
        data-testid="portfolio-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onSubmit(values);
        }}
      >
        <FormField id={id('label')} label="Label (optional)" error={errors.label}>
          <InputText
            id={id('label')}
            value={values.label}
            onChange={(e) => set('label', e.target.value)}
            autoComplete="off"
            {...invalidProps(id('label'), errors.label)}
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
      </form>
    </Dialog>
  );
}
