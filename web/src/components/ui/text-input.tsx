import type { InputHTMLAttributes } from 'react';

interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value'> {
  value: string;
  /** Marked invalid (PrimeReact's `p-invalid`: the red border). */
  invalid?: boolean;
}

/**
 * PrimeReact's InputText as markup alone (its classes: `p-inputtext p-component`, `p-filled` with a
 * value, `p-invalid`), for the calculator form of the first view: InputText's code brings a key filter
 * and tooltip support the form does not use, which the first page need not load.
 */
export function TextInput({ value, invalid = false, className, ...rest }: TextInputProps) {
  const classes = ['p-inputtext p-component', value !== '' && 'p-filled', invalid && 'p-invalid', className].filter(Boolean).join(' ');
  return <input {...rest} value={value} className={classes} />;
}
