import { useCallback, useState } from 'react';
import { ProjectionParamsSchema } from '@shm/contracts';
import { textToNumber } from '../../../lib/input-filter';
import { PROJECTION_FIELDS, type ProjectionField, type ProjectionInputs } from '../utils/projection-inputs';

export interface ProjectionInputsState {
  inputs: ProjectionInputs;
  setInput: (field: ProjectionField, text: string) => void;
}

type Values = Record<ProjectionField, number>;
const toTexts = (values: Values): ProjectionInputs => ({
  investmentAmount: String(values.investmentAmount),
  projectionMonths: String(values.projectionMonths),
  projectedShmPrice: String(values.projectedShmPrice),
});

/**
 * The projection inputs as typed (spec §5: held as text), held by the calculator so they survive the
 * results being hidden for a while. A valid edit goes on to `onValid` (the address); a value changed
 * from outside (a link, Back) replaces the text of its field, an invalid text keeps its message.
 */
export function useProjectionInputs(values: Values, onValid: (field: ProjectionField, value: number) => void): ProjectionInputsState {
  const [inputs, setInputs] = useState(() => toTexts(values));
  const [seen, setSeen] = useState(values);

  const changed = PROJECTION_FIELDS.filter(({ field }) => values[field] !== seen[field]);
  if (changed.length) {
    setSeen(values);
    const next = { ...inputs };
    for (const { field } of changed) if (textToNumber(inputs[field]) !== values[field]) next[field] = String(values[field]);
    setInputs(next);
  }

  const setInput = useCallback(
    (field: ProjectionField, text: string) => {
      setInputs((prev) => ({ ...prev, [field]: text }));
      const value = textToNumber(text);
      if (ProjectionParamsSchema.shape[field].safeParse(value).success) onValid(field, value);
    },
    [onValid],
  );
  return { inputs, setInput };
}
