import type { ReactNode } from 'react';
import { TextInput } from './text-input';
import { filterNumeric, type NumericKind } from '../../lib/input-filter';

interface NumericFieldProps {
  id: string;
  label: string;
  value: string;
  kind: NumericKind;
  onChange: (text: string) => void;
  error?: string | null;
  /** A button or unit shown at the end of the input. */
  addon?: ReactNode;
}

/** A labelled text input that only accepts what its kind allows (spec §5) and shows its message below. */
export function NumericField({ id, label, value, kind, onChange, error, addon }: NumericFieldProps) {
  const errorId = `${id}-error`;
  const input = (
    <TextInput
      id={id}
      value={value}
      inputMode={kind === 'integer' ? 'numeric' : 'decimal'}
      autoComplete="off"
      invalid={Boolean(error)}
      aria-invalid={Boolean(error)}
      aria-describedby={error ? errorId : undefined}
      onChange={(event) => onChange(filterNumeric(event.target.value, kind))}
    />
  );

  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {addon ? (
        <div className="p-inputgroup">
          {input}
          {addon}
        </div>
      ) : (
        input
      )}
      {error ? (
        <small id={errorId} className="field__error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}
