import type { PortfolioTotals } from '@shm/contracts';
import { formatNumber, formatShm } from '../../../lib/format';
import { NODE_STATE_LOOK } from '../utils/node-state';
import { FactList } from './fact-list';
import { RatioBadge } from './ratio-badge';

const STATE_ORDER = ['active', 'syncing', 'standby', 'gone', 'unknown', 'unavailable'] as const;

/** "1 active · 2 standby · 1 status unavailable"; the states no linked node is in are left out. */
export function describeStates(states: PortfolioTotals['states']): string {
  const parts = STATE_ORDER.flatMap((state) => {
    const count = states[state] ?? 0;
    if (count <= 0) return [];
    const word = state === 'unavailable' ? 'status unavailable' : NODE_STATE_LOOK[state].label.toLowerCase();
    return [`${formatNumber(count, 0)} ${word}`];
  });
  return parts.length ? parts.join(' · ') : 'None linked';
}

/** Across the wallet's entries: nodes, linked nodes by state, and the SHM earned against what is expected. */
export function PortfolioTotalsPanel({ totals }: { totals: PortfolioTotals }) {
  return (
    <section className="dashboard-panel dashboard-totals" aria-labelledby="portfolio-totals-title" data-testid="portfolio-totals">
      <div className="dashboard-panel__head">
        <h3 id="portfolio-totals-title" className="dashboard-panel__title">
          Wallet Total
        </h3>
        <RatioBadge ratio={totals.ratio} expected={totals.expectedSHM} testId="portfolio-total-ratio" />
      </div>
      <FactList
        label="Wallet total"
        facts={[
          ['Nodes', formatNumber(totals.nodes, 0), 'total-nodes'],
          ['Linked Nodes', formatNumber(totals.linkedNodes, 0), 'total-linked'],
          ['Actual SHM', formatShm(totals.actualSHM), 'total-actual'],
          ['Expected SHM', formatShm(totals.expectedSHM), 'total-expected'],
        ]}
      />
      <p className="dashboard-totals__states" data-testid="total-states">
        <span className="dashboard-totals__term">Linked nodes by state</span> <strong>{describeStates(totals.states)}</strong>
      </p>
    </section>
  );
}
