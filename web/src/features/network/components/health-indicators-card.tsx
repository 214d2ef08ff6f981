import type { NetworkData } from '@shm/contracts';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import { healthIndicators, type Decentralization } from '../utils/network-stats';
import { FigureList } from './figure-list';

const SEVERITY: Record<Decentralization, 'success' | 'warning' | 'danger'> = { High: 'success', Medium: 'warning', Low: 'danger' };

/** Selection chance, wait, decentralization and competition for a community node (spec §2.7). */
export function HealthIndicatorsCard({ data }: { data: NetworkData }) {
  const health = healthIndicators(data);
  return (
    <Card title="Health Indicators" subTitle="What a community node can expect" className="network-card">
      <FigureList
        testIdPrefix="health"
        figures={[
          { id: 'selection-probability', label: 'Selection Probability', value: health.selectionProbability, note: 'Chance of an active slot per cycle' },
          { id: 'expected-wait', label: 'Expected Wait', value: health.expectedWait, note: 'Until a standby node is selected' },
          {
            id: 'decentralization',
            label: 'Decentralization',
            value: <Tag value={health.decentralization} severity={SEVERITY[health.decentralization]} />,
            note: 'High above 100 community nodes, Medium above 50',
          },
          { id: 'competition', label: 'Validator Competition', value: health.competition, note: 'Standby nodes per active slot' },
        ]}
      />
    </Card>
  );
}
