import type { ReactNode } from 'react';
import type { CalculatorParams, EconomicsResults } from '@shm/contracts';
import { lazyPart } from '../../../lib/lazy-component';
import { useMoney } from '../hooks/money-context';
import type { ProjectionInputsState } from '../hooks/use-projection-inputs';
import { EarningsProjections } from './earnings-projections';
import { EconomicsGrid } from './economics-grid';
import { ReadyToCalculate } from './ready-to-calculate';

/** Ranges, break-even and sensitivity: below the fold, so its code (and the tornado chart's) loads on first use. */
const RiskSection = lazyPart(() => import('./risk-section').then((m) => m.RiskSection));
/** The detailed table closes the column, below the fold: its code need not come with the first page either. */
const EconomicsTable = lazyPart(() => import('./economics-table').then((m) => m.EconomicsTable));

interface ResultsPanelProps {
  params: CalculatorParams;
  results: EconomicsResults | undefined;
  isCalculating: boolean;
  onParamChange: (field: keyof CalculatorParams, value: number) => void;
  projectionInputs: ProjectionInputsState;
  /** Sent with the projection (the session wallet when paid under the gate). */
  walletAddress?: string;
  /** Payment gate card: replaces everything below (spec §2.1). */
  gate?: ReactNode;
  banner?: ReactNode;
  /** The page's panel after the projections card (the personalised dashboard, spec §2.1). */
  panel?: ReactNode;
  footer?: ReactNode;
  /** Beside the Expected Active Time it explains: when a new node becomes active (rotation). */
  outlook?: ReactNode;
}

/** The right column (spec §2.1): the empty state, or results, the projections card, the page's panel and the detailed table. */
export function ResultsPanel({ params, results, isCalculating, onParamChange, projectionInputs, walletAddress, gate, banner, panel, footer, outlook }: ResultsPanelProps) {
  const money = useMoney();
  if (gate) return <>{gate}</>;
  if (!results) return <ReadyToCalculate isCalculating={isCalculating} />;

  return (
    <div className="results" aria-busy={isCalculating}>
      <div className="results__progress" aria-hidden="true">
        {/* A plain CSS bar: PrimeReact's ProgressBar would cost the first page a kilobyte for this. */}
        {isCalculating ? <div className="results__bar" /> : null}
      </div>
      {banner}
      {money.missingRate ? (
        <p className="panel-note currency-note" role="status" data-testid="currency-note">
          No {money.requested.toUpperCase()} price from the price feed yet: amounts are in USD.
        </p>
      ) : null}
      <EconomicsGrid results={results} />
      {/* Its height is held before its code and the live data arrive, so the projections below do not move. */}
      {outlook ? <div className="results__outlook">{outlook}</div> : null}
      <EarningsProjections params={params} results={results} onParamChange={onParamChange} projectionInputs={projectionInputs} walletAddress={walletAddress} />
      <RiskSection params={params} results={results} onParamChange={onParamChange} />
      {panel}
      <EconomicsTable results={results} />
      {footer}
    </div>
  );
}
