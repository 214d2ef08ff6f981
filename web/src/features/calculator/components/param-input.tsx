import { useState, type ReactNode } from 'react';
import { NumericField } from '../../../components/ui/numeric-field';
import { textToNumber } from '../../../lib/input-filter';
import type { CalculatorParams } from '@shm/contracts';
import type { NumericKind } from '../../../lib/input-filter';
import { validateParam } from '../utils/param-fields';

interface ParamInputProps<F extends keyof CalculatorParams> {
  spec: { field: F; label: string; kind: NumericKind };
  value: number;
  /** Called only for valid edits (spec §4: each valid edit pushes the full parameter set onward). */
  onValidChange: (field: F, value: number) => void;
  addon?: ReactNode;
}

/**
 * One calculator parameter, held as text (spec §5). An invalid edit keeps its text and message here
 * and changes nothing upstream; a value changed from outside (e.g. a fetched price) replaces the text.
 */
export function ParamInput<F extends keyof CalculatorParams>({ spec, value, onValidChange, addon }: ParamInputProps<F>) {
  const [text, setText] = useState(() => String(value));
  const [error, setError] = useState<string | null>(null);
  const [seenValue, setSeenValue] = useState(value);

  if (value !== seenValue) {
    setSeenValue(value);
    if (textToNumber(text) !== value) {
      setText(String(value));
      setError(null);
    }
  }

  const onChange = (next: string) => {
    setText(next);
    const number = textToNumber(next);
    const message = validateParam(spec.field, number);
    setError(message);
    if (!message) onValidChange(spec.field, number);
  };

  return (
    <NumericField
      id={`param-${spec.field}`}
      label={spec.label}
      value={text}
      kind={spec.kind}
      onChange={onChange}
      error={error}
      addon={addon}
    />
  );
}
