import { TextInput } from './text-input';

interface ReadOnlyFieldProps {
  id: string;
  label: string;
  value: string;
  hint?: string;
}

/** A value the visitor cannot type, shown like a field so the form reads as one list. */
export function ReadOnlyField({ id, label, value, hint }: ReadOnlyFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <TextInput id={id} value={value} readOnly className="field__readonly" aria-describedby={hint ? hintId : undefined} />
      {hint ? (
        <small id={hintId} className="field__hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}
