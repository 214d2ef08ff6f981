import { useCallback, useState } from 'react';
import { INITIAL_PROJECTION_INPUTS, type ProjectionField, type ProjectionInputs } from '../utils/projection-inputs';

export interface ProjectionInputsState {
  inputs: ProjectionInputs;
  setInput: (field: ProjectionField, text: string) => void;
}

/** Held by the calculator, so typed projection inputs survive the results being hidden for a while. */
export function useProjectionInputs(investmentAmount?: number): ProjectionInputsState {
  const [inputs, setInputs] = useState(() =>
    investmentAmount === undefined ? INITIAL_PROJECTION_INPUTS : { ...INITIAL_PROJECTION_INPUTS, investmentAmount: String(investmentAmount) },
  );
  const setInput = useCallback((field: ProjectionField, text: string) => {
    setInputs((prev) => ({ ...prev, [field]: text }));
  }, []);
  return { inputs, setInput };
}
