import { useCallback, useState } from 'react';
import { CALCULATOR_DEFAULTS, type CalculatorParams } from '@shm/contracts';
import { useEconomics } from '../api/calculate-economics';
import { useEconomicsFailureToast } from '../hooks/use-failure-toasts';
import { useLivePrice } from '../hooks/use-live-price';
import { useProjectionInputs } from '../hooks/use-projection-inputs';
import type { ParamField } from '../utils/param-fields';
import { ParameterForm } from './parameter-form';
import { ResultsPanel } from './results-panel';

interface CalculatorProps {
  /** The paymentGate flag; gate-off economics failures are silent (spec §8). */
  paymentGateEnabled: boolean;
  /** Starting parameters; the calculator page's defaults unless given (the admin page has its own, spec §3). */
  initialParams?: CalculatorParams;
}

/** The calculator: parameter form on the left third, results on the right two thirds (spec §2.1). */
export function Calculator({ paymentGateEnabled, initialParams = CALCULATOR_DEFAULTS }: CalculatorProps) {
  const [params, setParams] = useState<CalculatorParams>(() => ({ ...initialParams }));

  const onParamChange = useCallback((field: ParamField, value: number) => {
    setParams((prev) => (prev[field] === value ? prev : { ...prev, [field]: value }));
  }, []);
  const onPrice = useCallback((price: number) => onParamChange('shmPrice', price), [onParamChange]);

  const price = useLivePrice(onPrice);
  const projectionInputs = useProjectionInputs(initialParams.investmentAmount);
  const economics = useEconomics(params);
  useEconomicsFailureToast(economics.error, economics.errorUpdatedAt, paymentGateEnabled);

  return (
    <div className="calculator-layout">
      <aside className="calculator-layout__form" aria-label="Calculator parameters">
        <ParameterForm params={params} onParamChange={onParamChange} price={price} />
      </aside>
      <section className="calculator-layout__results" aria-label="Results">
        <ResultsPanel
          params={params}
          results={economics.isError ? undefined : economics.data}
          isCalculating={economics.isFetching}
          onParamChange={onParamChange}
          projectionInputs={projectionInputs}
        />
      </section>
    </div>
  );
}
