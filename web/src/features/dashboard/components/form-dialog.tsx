import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { fieldErrorsOf } from '../utils/api-errors';
import { FormField, invalidProps } from './form-field';

/** What the profile and portfolio dialogs take from their parents. */
export interface FormDialogProps<T> {
  title: string;
  submitLabel: string;
  /** The form starts from these; the parent remounts the dialog (key) to start again. */
  initial: T;
  pending: boolean;
  /** The last failure: a 400's field messages show beside their inputs. */
  error: unknown;
  onSubmit: (values: T) => void;
  onHide: () => void;
}

export interface FormValues<T> {
  values: T;
  set: <K extends keyof T>(name: K, value: T[K]) => void;
  errors: Record<string, string>;
  /** Element ids are `<prefix>-<field>`: labels, error messages and the e2e tests find inputs by them. */
  id: (name: keyof T & string) => string;
}

/** The form's text values, the server's per-field messages and the element id of each field. */
export function useFormValues<T>(idPrefix: string, initial: T, error: unknown): FormValues<T> {
  const [values, setValues] = useState(initial);
  const set = <K extends keyof T>(name: K, value: T[K]) => setValues((prev) => ({ ...prev, [name]: value }));
  return { values, set, errors: fieldErrorsOf(error), id: (name) => `${idPrefix}-${name}` };
}

interface FormDialogShellProps<T> extends Omit<FormDialogProps<T>, 'initial' | 'error'> {
  form: FormValues<T>;
  /** The submit button sits in the footer, outside the form, so it submits the form by this id. */
  formId: string;
  submitTestId: string;
  children: ReactNode;
}

export function FormDialog<T>({ title, submitLabel, pending, onSubmit, onHide, form, formId, submitTestId, children }: FormDialogShellProps<T>) {
  const footer = (
    <div className="dashboard-dialog__footer">
      <Button type="button" label="Cancel" text onClick={onHide} disabled={pending} />
      <Button type="submit" form={formId} label={submitLabel} icon="pi pi-check" loading={pending} data-testid={submitTestId} />
    </div>
  );
  return (
    <Dialog header={title} visible onHide={onHide} footer={footer} className="dashboard-dialog" modal>
      <form
        id={formId}
        data-testid={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onSubmit(form.values);
        }}
      >
        {children}
      </form>
    </Dialog>
  );
}

/** Fields that take any text, so an input's value can go into them as it is. */
type TextKeys<T> = { [K in keyof T]: string extends T[K] ? K : never }[keyof T] & string;

/** A one-line input for a name; no autofill, as browsers offer unrelated saved entries. */
export function TextField<T extends Record<keyof T, string>>({ form, name, label }: { form: FormValues<T>; name: TextKeys<T>; label: string }) {
  const { values, set, errors, id } = form;
  return (
    <FormField id={id(name)} label={label} error={errors[name]}>
      <InputText
        id={id(name)}
        value={values[name]}
        onChange={(e) => set(name, e.target.value as T[TextKeys<T>])}
        autoComplete="off"
        {...invalidProps(id(name), errors[name])}
      />
    </FormField>
  );
}

export interface NumberFieldSpec<T> {
  name: TextKeys<T>;
  label: string;
  /** Only the spinner's step and floor: the form is noValidate, the server names bad values. */
  step: string;
  min: number;
}

/** Inputs hold text, as every form here does (spec §5); the dialog's caller makes numbers on submit. */
export function NumberFields<T extends Record<keyof T, string>>({ form, fields }: { form: FormValues<T>; fields: NumberFieldSpec<T>[] }) {
  const { values, set, errors, id } = form;
  return fields.map(({ name, label, step, min }) => (
    <FormField key={name} id={id(name)} label={label} error={errors[name]}>
      <InputText
        id={id(name)}
        type="number"
        inputMode="decimal"
        step={step}
        min={min}
        value={values[name]}
        onChange={(e) => set(name, e.target.value as T[TextKeys<T>])}
        {...invalidProps(id(name), errors[name])}
      />
    </FormField>
  ));
}
