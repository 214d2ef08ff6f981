import type { LinkedNode } from '@shm/contracts';
import { standbyWaitText, timeInStateText } from '../utils/node-state';

/**
 * The sentence under a linked entry's title: how long it has been in its state, a standby node's wait
 * against the network's, or why nothing is known.
 */
export function NodeStatusLine({ node }: { node: LinkedNode }) {
  const { status } = node;
  if (!status) {
    return (
      <p className="dashboard-node-line dashboard-node-line--muted" data-testid="node-unavailable">
        <i className="pi pi-exclamation-circle" aria-hidden="true" /> Node status unavailable right now. The figures below are the ones you typed.
      </p>
    );
  }
  if (status.state === 'unknown') {
    return (
      <p className="dashboard-node-line dashboard-node-line--muted" data-testid="node-time">
        <i className="pi pi-question-circle" aria-hidden="true" /> Not seen on the network yet: no node list or cycle record has named this key.
        Check the key, or look again after a few cycles.
      </p>
    );
  }
  const text = status.state === 'standby' && node.standbyWait ? standbyWaitText(node.standbyWait) : timeInStateText(status.state, node.timeInStateSeconds);
  return text ? (
    <p className="dashboard-node-line" data-testid="node-time">
      <i className="pi pi-clock" aria-hidden="true" /> {text}
    </p>
  ) : null;
}
