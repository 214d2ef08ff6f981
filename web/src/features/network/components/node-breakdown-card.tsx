import type { NetworkData } from '@shm/contracts';
import { Card } from 'primereact/card';
import { nodeBreakdown } from '../utils/source-label';
import { ratio, shareOf } from '../utils/network-stats';
import { formatCount } from './format-count';
import { SplitNote } from './split-note';

/** Foundation vs community nodes in the active set: from the service's split, else the fields, else the source label (spec §2.7). */
export function NodeBreakdownCard({ data }: { data: NetworkData }) {
  const breakdown = nodeBreakdown(data);
  return (
    <Card title="Foundation vs Community Nodes" subTitle="Who runs the active validators" className="network-card" data-testid="node-breakdown">
      {breakdown ? (
        <>
          <div className="node-breakdown">
            {(
              [
                ['foundation', 'Foundation Nodes', breakdown.foundation],
                ['community', 'Community Nodes', breakdown.community],
              ] as const
            ).map(([id, label, count]) => (
              <div key={id} className={`node-breakdown__part node-breakdown__part--${id}`} data-testid={`breakdown-${id}`}>
                <p className="node-breakdown__label">{label}</p>
                <p className="node-breakdown__value" data-testid={`breakdown-${id}-value`}>
                  {formatCount(count)}
                </p>
                <p className="node-breakdown__share">{shareOf(count, breakdown.foundation + breakdown.community)} of the active set</p>
              </div>
            ))}
          </div>
          <div className="node-breakdown__bar" aria-hidden="true">
            <span
              className="node-breakdown__bar-community"
              style={{ width: `${(ratio(breakdown.community, breakdown.foundation + breakdown.community) ?? 0) * 100}%` }}
            />
          </div>
          {data.communitySplit ? <SplitNote split={data.communitySplit} testId="breakdown-split-note" /> : null}
        </>
      ) : (
        <p className="node-breakdown__missing" data-testid="breakdown-missing">
          The node breakdown is not available for this data source.
        </p>
      )}
    </Card>
  );
}
