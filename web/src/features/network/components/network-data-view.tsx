import type { NetworkData } from '@shm/contracts';
import { showsNodeBreakdown } from '../utils/source-label';
import { DataSourceCard } from './data-source-card';
import { HealthIndicatorsCard } from './health-indicators-card';
import { NetworkAnalysisCard } from './network-analysis-card';
import { NodeBreakdownCard } from './node-breakdown-card';
import { NodeStatCards } from './node-stat-cards';
import { TechnicalDetailsCard } from './technical-details-card';

/** Everything the page shows once network data is loaded. */
export function NetworkDataView({ data }: { data: NetworkData }) {
  return (
    <div className="network-page__content" data-testid="network-loaded">
      <DataSourceCard data={data} />
      <NodeStatCards data={data} />
      <div className="network-page__pair">
        <NetworkAnalysisCard data={data} />
        <HealthIndicatorsCard data={data} />
      </div>
      {showsNodeBreakdown(data.source) ? <NodeBreakdownCard data={data} /> : null}
      <TechnicalDetailsCard data={data} />
    </div>
  );
}
