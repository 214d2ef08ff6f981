import type { NodeStateOrUnknown } from '@shm/contracts';
import { Tag } from 'primereact/tag';
import { NODE_STATE_LOOK } from '../utils/node-state';

/** A node's state in words with an icon (never colour alone): Standby, Syncing, Active, Gone, Unknown. */
export function NodeStateBadge({ state }: { state: NodeStateOrUnknown }) {
  const { label, severity, icon } = NODE_STATE_LOOK[state];
  return (
    <span className="dashboard-badge" data-testid="node-state" data-state={state}>
      <Tag value={label} icon={icon} severity={severity} />
    </span>
  );
}
