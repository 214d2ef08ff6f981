import { useCallback, useState } from 'react';
import { INITIAL_PROJECTION_INPUTS, type ProjectionField, type ProjectionInputs } from '../utils/projection-inputs';

export interface ProjectionInputsState {
  inputs: ProjectionInputs;
  setInput: (field: ProjectionField, text: string) => void;
}

/** Held by the calculator, so typed projection inputs survive the results being hidden for a while. */
export function useProjectionInputs(): ProjectionInputsState {
  const [inputs, setInputs] = useState(INITIAL_PROJECTION_INPUTS);
  const setInput = useCallback((field: ProjectionField, text: string) => {
    setInputs((prev) => ({ ...prev, [field]: text }));
  }, []);
  return { inputs, setInput };
}
