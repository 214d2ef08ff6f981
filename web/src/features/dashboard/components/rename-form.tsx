import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { fieldErrorsOf } from '../utils/api-errors';
import { FormField, invalidProps } from './form-field';

interface RenameFormProps {
  initial: string;
  pending: boolean;
  error: unknown;
  onSave: (name: string) => void;
  onCancel: () => void;
}

/** Renames a scenario in place, inside its details. */
export function RenameForm({ initial, pending, error, onSave, onCancel }: RenameFormProps) {
  const [name, setName] = useState(initial);
  const message = fieldErrorsOf(error).scenarioName;
  return (
    <form
      className="dashboard-rename"
      data-testid="rename-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) onSave(name.trim());
      }}
    >
      <FormField id="rename-scenario" label="New Name" error={message}>
        <InputText
          id="rename-scenario"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
          // The form opens because the visitor chose Rename: the field they asked for takes the focus.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          {...invalidProps('rename-scenario', message)}
        />
      </FormField>
      <div className="dashboard-row__actions">
        <Button type="submit" label="Save Name" icon="pi pi-check" size="small" loading={pending} />
        <Button type="button" label="Cancel" size="small" text onClick={onCancel} disabled={pending} />
      </div>
    </form>
  );
}
