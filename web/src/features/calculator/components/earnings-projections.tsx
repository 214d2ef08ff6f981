import type { CalculatorParams, EconomicsResults } from '@shm/contracts';
import { CardFrame } from '../../../components/ui/card-frame';
import { lazyPart } from '../../../lib/lazy-component';
import type { ProjectionInputsState } from '../hooks/use-projection-inputs';
import type { ParamField } from '../utils/param-fields';
import { ProjectionPanel } from './projection-panel';

/** Hidden (its trigger does not exist), so its code need not come with the first page. */
const PlanningPanel = lazyPart(() => import('./planning-panel').then((m) => m.PlanningPanel));

interface EarningsProjectionsProps {
  params: CalculatorParams;
  results: EconomicsResults;
  onParamChange: (field: ParamField, value: number) => void;
  projectionInputs: ProjectionInputsState;
  walletAddress?: string;
}

/**
 * 'Earnings Projections' (spec §2.4): two tab contents, but only the Projection trigger exists and it is
 * the default, so the Planning content is rendered hidden.
 */
export function EarningsProjections({ params, results, onParamChange, projectionInputs, walletAddress }: EarningsProjectionsProps) {
  return (
    <CardFrame className="results-card" title="Earnings Projections" subTitle="What an investment in nodes could earn over time.">
      <div className="tabs">
        <div role="tablist" aria-label="Earnings Projections" className="tabs__list">
          <button type="button" role="tab" id="tab-projection" aria-selected="true" aria-controls="tabpanel-projection" className="tabs__trigger tabs__trigger--active">
            <i className="pi pi-chart-line" aria-hidden="true" /> Projection
          </button>
        </div>
        <div role="tabpanel" id="tabpanel-planning" data-state="inactive" hidden>
          <PlanningPanel params={params} results={results} onParamChange={onParamChange} />
        </div>
        <div role="tabpanel" id="tabpanel-projection" aria-labelledby="tab-projection" data-state="active" className="tabs__panel">
          <ProjectionPanel params={params} projectionInputs={projectionInputs} walletAddress={walletAddress} />
        </div>
      </div>
    </CardFrame>
  );
}
