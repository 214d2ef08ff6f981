import type { PortfolioEntry } from '@shm/contracts';
import { Button } from 'primereact/button';
import { formatNumber, formatShm, formatUsd } from '../../../lib/format';
import { formatDay } from '../utils/dates';
import { entryTitle } from '../utils/entry-title';
import { formatFinePrice } from '../utils/fine-price';
import { shortenKey } from '../utils/node-state';
import { FactList, type Fact } from './fact-list';
import { NodeStateBadge } from './node-state-badge';
import { NodeStatusLine } from './node-status';
import { RatioBadge } from './ratio-badge';

interface PortfolioRowProps {
  entry: PortfolioEntry;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** Opens "Earnings & Unstake" (issue 34); offered on linked entries. */
  onMoney?: () => void;
}

/** The figures of an entry whose node is tracked: what the network's rules paid it against the expectation. */
function nodeFacts(entry: PortfolioEntry, node: NonNullable<PortfolioEntry['node']>): Fact[] {
  return [
    ['Earned (network rules)', formatShm(node.earnedSHM), 'node-earned'],
    ['Expected', formatShm(entry.performance.expectedRewards), 'node-expected'],
    ['Earned This Month', formatShm(node.earnedThisMonthSHM), 'node-earned-month'],
    ['Active Periods This Month', formatNumber(node.activePeriodsThisMonth, 0), 'node-periods'],
    ['Investment', formatUsd(entry.actualInvestment)],
    ['Entry Date', formatDay(entry.entryDate)],
  ];
}

/** The figures typed into the entry (no node linked, or its status not available). */
function typedFacts(entry: PortfolioEntry): Fact[] {
  return [
    ['Nodes', formatNumber(entry.nodeCount, 0)],
    ['Investment', formatUsd(entry.actualInvestment)],
    ['Entry Date', formatDay(entry.entryDate)],
    ['SHM Price at Entry', formatFinePrice(entry.shmPriceAtEntry)],
    ['Actual Rewards', formatShm(entry.actualRewards)],
    ['Expected Rewards', formatShm(entry.performance.expectedRewards)],
  ];
}

/** From when the earned SHM counts: the later of the entry date and the first sighting (the server's rule). */
const trackedSince = (firstSeen: string | null) => (firstSeen ? `Tracked since ${formatDay(firstSeen.slice(0, 10))}` : 'Not tracked yet');

/** The label; a linked entry without one is named by its key, others by their node count. */
const rowTitle = (entry: PortfolioEntry) =>
  entry.label?.trim() || (entry.nodePublicKey ? `Node ${shortenKey(entry.nodePublicKey)}` : entryTitle(entry));

/**
 * One portfolio entry: what was bought, what it earned, and how that compares with the calculator's
 * expectation. A linked entry shows its node's state and the SHM the network's rules paid it instead
 * of the typed figure (issue 19).
 */
export function PortfolioRow({ entry, busy, onEdit, onDelete, onMoney }: PortfolioRowProps) {
  const { performance, node } = entry;
  // Figures by node when the server measured it so and the node's status came with them.
  const tracked = performance.source === 'node' && node?.status ? { node, status: node.status } : null;
  const state = node?.status?.state;
  return (
    <li
      className="dashboard-row"
      data-testid="portfolio-row"
      data-entry-id={entry.id}
      data-linked={node ? 'true' : 'false'}
      data-state={node ? (state ?? 'unavailable') : undefined}
    >
      <div className="dashboard-row__head">
        <div className="dashboard-row__title-group">
          <h4 className="dashboard-row__title">{rowTitle(entry)}</h4>
          {state ? <NodeStateBadge state={state} /> : null}
        </div>
        <RatioBadge ratio={performance.ratio} expected={performance.expectedRewards} />
      </div>
      {node && entry.nodePublicKey ? (
        <p className="dashboard-row__meta dashboard-key" data-testid="node-key" title={entry.nodePublicKey}>
          <i className="pi pi-server" aria-hidden="true" /> Node <span className="dashboard-key__text">{shortenKey(entry.nodePublicKey)}</span>
        </p>
      ) : null}
      {node ? <NodeStatusLine node={node} /> : null}
      <FactList facts={tracked ? nodeFacts(entry, tracked.node) : typedFacts(entry)} />
      <p className="dashboard-row__notes">
        {tracked ? trackedSince(tracked.status.firstSeen) : `${formatNumber(performance.monthsElapsed, 1)} months since entry`}
      </p>
      <div className="dashboard-row__actions">
        {entry.nodePublicKey && onMoney ? (
          <Button type="button" label="Earnings & Unstake" icon="pi pi-wallet" size="small" outlined onClick={onMoney} data-testid="open-node-money" />
        ) : null}
        <Button type="button" label="Edit" icon="pi pi-pencil" size="small" outlined onClick={onEdit} disabled={busy} />
        <Button type="button" label="Delete" icon="pi pi-trash" size="small" outlined severity="danger" onClick={onDelete} disabled={busy} />
      </div>
    </li>
  );
}
