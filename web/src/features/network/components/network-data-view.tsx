import type { NetworkData } from '@shm/contracts';
import { isExactSplit } from '@shm/contracts';
import { showsNodeBreakdown } from '../utils/source-label';
import { DataSourceCard } from './data-source-card';
import { HealthIndicatorsCard } from './health-indicators-card';
import { NetworkAnalysisCard } from './network-analysis-card';
import { NodeBreakdownCard } from './node-breakdown-card';
import { NodeStatCards } from './node-stat-cards';
import { RotationCard } from './rotation-card';
import { SplitNote } from './split-note';
import { lazyPart } from '../../../lib/lazy-component';

/**
 * Below the first screen: the charts (their code and their query) and the long raw table come after
 * the page has painted, in tasks of their own, so a phone is not blocked rendering them.
 */
const HistoryCard = lazyPart(() => import('./history-card').then((m) => m.HistoryCard));
const NetworkParametersCard = lazyPart(() => import('./network-parameters-card').then((m) => m.NetworkParametersCard));
const TechnicalDetailsCard = lazyPart(() => import('./technical-details-card').then((m) => m.TechnicalDetailsCard));

/** Everything the page shows once network data is loaded. */
export function NetworkDataView({ data }: { data: NetworkData }) {
  const split = data.communitySplit;
  return (
    <div className="network-page__content" data-testid="network-loaded">
      <DataSourceCard data={data} />
      <NodeStatCards data={data} />
      {/* Beside the Active Slots figure even when the source shows no breakdown card (RPC, explorer). */}
      {split && !isExactSplit(split) ? <SplitNote split={split} testId="active-slots-split-note" /> : null}
      <div className="network-page__pair">
        <NetworkAnalysisCard data={data} />
        <HealthIndicatorsCard data={data} />
      </div>
      {showsNodeBreakdown(data.source) ? <NodeBreakdownCard data={data} /> : null}
      <RotationCard rotation={data.rotation} />
      <HistoryCard />
      <NetworkParametersCard />
      <TechnicalDetailsCard data={data} />
    </div>
  );
}
