import type { NetworkData } from '@shm/contracts';
import { Card } from 'primereact/card';
import { networkAnalysis } from '../utils/network-stats';
import { FigureList } from './figure-list';

/** Three rates over the community nodes and the network size (spec §2.7). */
export function NetworkAnalysisCard({ data }: { data: NetworkData }) {
  const rates = networkAnalysis(data);
  return (
    <Card title="Network Analysis" subTitle="How the community nodes share the network" className="network-card">
      <FigureList
        testIdPrefix="analysis"
        figures={[
          { id: 'active-participation', label: 'Active Participation', value: rates.activeParticipation, note: 'Active slots / community nodes' },
          { id: 'standby-queue', label: 'Standby Queue Size', value: rates.standbyQueue, note: 'Standby nodes / community nodes' },
          { id: 'utilization', label: 'Network Utilization', value: rates.utilization, note: 'Community nodes / total nodes' },
        ]}
      />
    </Card>
  );
}
