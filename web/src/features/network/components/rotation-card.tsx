import type { RotationStats } from '@shm/contracts';
import { Card } from 'primereact/card';
import { rotationFigures } from '../utils/rotation-figures';
import { FigureList } from './figure-list';

const TITLE = 'When will a new node be active?';

/** What rotation observed in the cycle history means for a node that joins standby now. */
export function RotationCard({ rotation }: { rotation: RotationStats | undefined }) {
  if (!rotation) {
    return (
      <Card title={TITLE} className="network-card" data-testid="rotation-card">
        <p className="rotation__missing" data-testid="rotation-missing">
          Rotation figures appear once enough cycle history is kept.
        </p>
      </Card>
    );
  }
  const f = rotationFigures(rotation);
  const observed = rotation.activePeriod.method === 'observed';
  return (
    <Card title={TITLE} subTitle={`Observed rotation, ${f.basis}`} className="network-card" data-testid="rotation-card">
      <FigureList
        testIdPrefix="rotation"
        figures={[
          {
            id: 'wait',
            label: 'Wait from standby to first activation',
            value: rotation.waitToActive ? `${f.waitP10} / ${f.waitP50} / ${f.waitP90}` : 'No activation seen yet',
            note: 'P10 / P50 / P90: 1 in 10, half, 9 in 10 new standby nodes are active within',
          },
          {
            id: 'active-period',
            label: 'One active period',
            value: f.activePeriod,
            note: observed
              ? `Median of ${rotation.activePeriod.observed.toLocaleString('en-US')} completed active periods`
              : 'Active slots / activations per cycle (no completed period seen yet)',
          },
          { id: 'active-share', label: 'Share of time active', value: f.activeShare, note: 'Active period / (active period + mean wait)' },
          { id: 'activations', label: 'Activations per cycle', value: f.activationsPerCycle, note: 'Community nodes made active per cycle' },
        ]}
      />
    </Card>
  );
}
