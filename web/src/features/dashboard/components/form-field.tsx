import type { ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: string;
  /** The server's message for this field (a 400's `error.fields`). */
  error?: string;
  hint?: string;
  children: ReactNode;
}

/** A labelled input with the server's message for it below (the calculator form's `.field` look). */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {error ? (
        <small id={`${id}-error`} className="field__error" role="alert" data-testid={`${id}-error`}>
          {error}
        </small>
      ) : hint ? (
        <small id={`${id}-hint`} className="field__hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}

/** Props that tie an input to its FormField message. */
export const invalidProps = (id: string, error: string | undefined) =>
  error ? { invalid: true, 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
