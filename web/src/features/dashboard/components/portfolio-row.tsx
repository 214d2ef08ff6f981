import type { PortfolioEntry } from '@shm/contracts';
import { Button } from 'primereact/button';
import { formatNumber, formatShm, formatUsd } from '../../../lib/format';
import { formatFinePrice } from '../utils/fine-price';
import { formatDay } from '../utils/dates';
import { entryTitle } from '../utils/entry-title';
import { FactList, type Fact } from './fact-list';
import { RatioBadge } from './ratio-badge';

interface PortfolioRowProps {
  entry: PortfolioEntry;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** One portfolio entry: what was bought, what it earned, and how that compares with the calculator's expectation. */
export function PortfolioRow({ entry, busy, onEdit, onDelete }: PortfolioRowProps) {
  const { performance } = entry;
  const facts: Fact[] = [
    ['Nodes', formatNumber(entry.nodeCount, 0)],
    ['Investment', formatUsd(entry.actualInvestment)],
    ['Entry Date', formatDay(entry.entryDate)],
    ['SHM Price at Entry', formatFinePrice(entry.shmPriceAtEntry)],
    ['Actual Rewards', formatShm(entry.actualRewards)],
    ['Expected Rewards', formatShm(performance.expectedRewards)],
  ];
  return (
    <li className="dashboard-row" data-testid="portfolio-row" data-entry-id={entry.id}>
      <div className="dashboard-row__head">
        <h4 className="dashboard-row__title">{entry.label?.trim() || entryTitle(entry)}</h4>
        <RatioBadge ratio={performance.ratio} />
      </div>
      <FactList facts={facts} />
      <p className="dashboard-row__notes">
        {formatNumber(performance.monthsElapsed, 1)} months since entry
      </p>
      <div className="dashboard-row__actions">
        <Button type="button" label="Edit" icon="pi pi-pencil" size="small" outlined onClick={onEdit} disabled={busy} />
        <Button type="button" label="Delete" icon="pi pi-trash" size="small" outlined severity="danger" onClick={onDelete} disabled={busy} />
      </div>
    </li>
  );
}
