import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { CALCULATOR_DEFAULTS, type CalculatorParams, type EconomicsResults } from '@shm/contracts';
import { useEconomics } from '../api/calculate-economics';
import { isApiError } from '../../../lib/api-client';
import { useEconomicsFailureToast } from '../hooks/use-failure-toasts';
import { useLiveDefaults } from '../hooks/use-live-defaults';
import { useLivePrice } from '../hooks/use-live-price';
import { useProjectionInputs } from '../hooks/use-projection-inputs';
import type { ParamField } from '../utils/param-fields';
import { ParameterForm } from './parameter-form';
import { ResultsPanel } from './results-panel';

/** What the payment gate adds around the results (spec §2.1); the page decides, the calculator only places it. */
export interface CalculatorAccess {
  /** Sent with each calculation: the session wallet when paid under the gate; the zero address when absent (spec §6). */
  walletAddress?: string;
  /** Shown instead of the results, and nothing is calculated (gate on and not paid). */
  gate?: ReactNode;
  /** Above the results (the session banner). */
  banner?: ReactNode;
  /** Below the results (the admin page's session-clear control). */
  footer?: ReactNode;
  /** Calculate nothing yet (the page does not know yet whether the gate is on). */
  hold?: boolean;
  /** The server answered 403 Payment Required. */
  onPaymentRequired?: () => void;
}

/** What a panel placed among the results gets from the calculator (the personalised dashboard, spec §2.6). */
export interface CalculatorSlotContext {
  params: CalculatorParams;
  results: EconomicsResults;
  /** New parameters are being calculated; `results` still belong to the previous ones. */
  isCalculating: boolean;
  /** Replaces every parameter (a saved scenario); the calculator recalculates from them. */
  loadParams: (params: CalculatorParams) => void;
}

/** Renders a panel between the projections and the detailed table; called only while results show. */
export type CalculatorSlot = (context: CalculatorSlotContext) => ReactNode;

interface CalculatorProps {
  /** The paymentGate flag; gate-off economics failures are silent (spec §8). */
  paymentGateEnabled: boolean;
  /** Starting parameters; the calculator page's defaults unless given (the admin page has its own, spec §3). */
  initialParams?: CalculatorParams;
  /** Apply the live network defaults (docs/network-data.md); by default only over the calculator page's own defaults. */
  liveDefaults?: boolean;
  access?: CalculatorAccess;
  /** The page's panel among the results (spec §2.1 order: after the projections, before the detailed table). */
  slot?: CalculatorSlot;
}

/** The calculator: parameter form on the left third, results on the right two thirds (spec §2.1). */
export function Calculator({ paymentGateEnabled, initialParams: given, liveDefaults = given === undefined, access = {}, slot }: CalculatorProps) {
  const initialParams = given ?? CALCULATOR_DEFAULTS;
  const [params, setParams] = useState<CalculatorParams>(() => ({ ...initialParams }));

  const onParamChange = useCallback((field: ParamField, value: number) => {
    setParams((prev) => (prev[field] === value ? prev : { ...prev, [field]: value }));
  }, []);
  const onPrice = useCallback((price: number) => onParamChange('shmPrice', price), [onParamChange]);
  const loadParams = useCallback((next: CalculatorParams) => setParams({ ...next }), []);

  const price = useLivePrice(onPrice);
  const onLiveDefaults = useCallback((overrides: Partial<CalculatorParams>) => setParams((prev) => ({ ...prev, ...overrides })), []);
  useLiveDefaults(onLiveDefaults, liveDefaults);
  const projectionInputs = useProjectionInputs(initialParams.investmentAmount);
  const economics = useEconomics(params, access.walletAddress, !access.gate && !access.hold);
  useEconomicsFailureToast(economics.error, economics.errorUpdatedAt, paymentGateEnabled);
  const { onPaymentRequired } = access;
  useEffect(() => {
    if (isApiError(economics.error, 403)) onPaymentRequired?.();
    // Once per failure, like the toast.
  }, [economics.error, economics.errorUpdatedAt]);
  const results = economics.isError ? undefined : economics.data;
  const isCalculating = economics.isFetching;

  return (
    <div className="calculator-layout">
      <aside className="calculator-layout__form" aria-label="Calculator parameters">
        <ParameterForm params={params} onParamChange={onParamChange} price={price} />
      </aside>
      <section className="calculator-layout__results" aria-label="Results">
        <ResultsPanel
          params={params}
          results={results}
          isCalculating={isCalculating}
          onParamChange={onParamChange}
          projectionInputs={projectionInputs}
          walletAddress={access.walletAddress}
          gate={access.gate}
          banner={access.banner}
          footer={access.footer}
          panel={results && slot ? slot({ params, results, isCalculating, loadParams }) : undefined}
        />
      </section>
    </div>
  );
}
