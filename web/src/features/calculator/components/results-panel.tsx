import type { ReactNode } from 'react';
import type { CalculatorParams, EconomicsResults } from '@shm/contracts';
import { ProgressBar } from 'primereact/progressbar';
import type { ProjectionInputsState } from '../hooks/use-projection-inputs';
import type { ParamField } from '../utils/param-fields';
import { EarningsProjections } from './earnings-projections';
import { EconomicsGrid } from './economics-grid';
import { EconomicsTable } from './economics-table';
import { ReadyToCalculate } from './ready-to-calculate';

interface ResultsPanelProps {
  params: CalculatorParams;
  results: EconomicsResults | undefined;
  isCalculating: boolean;
  onParamChange: (field: ParamField, value: number) => void;
  projectionInputs: ProjectionInputsState;
  /** Sent with the projection (the session wallet when paid under the gate). */
  walletAddress?: string;
  /** Payment gate card: replaces everything below (spec §2.1). */
  gate?: ReactNode;
  banner?: ReactNode;
  /** The page's panel after the projections card (the personalised dashboard, spec §2.1). */
  panel?: ReactNode;
  footer?: ReactNode;
}

/** The right column (spec §2.1): the empty state, or results, the projections card, the page's panel and the detailed table. */
export function ResultsPanel({ params, results, isCalculating, onParamChange, projectionInputs, walletAddress, gate, banner, panel, footer }: ResultsPanelProps) {
  if (gate) return <>{gate}</>;
  if (!results) return <ReadyToCalculate isCalculating={isCalculating} />;

  return (
    <div className="results" aria-busy={isCalculating}>
      <div className="results__progress" aria-hidden="true">
        {isCalculating ? <ProgressBar mode="indeterminate" style={{ height: '3px' }} /> : null}
      </div>
      {banner}
      <EconomicsGrid results={results} />
      <EarningsProjections params={params} results={results} onParamChange={onParamChange} projectionInputs={projectionInputs} walletAddress={walletAddress} />
      {panel}
      <EconomicsTable results={results} />
      {footer}
    </div>
  );
}
