import type { ReactNode } from 'react';
import type { LedgerRow, PriceCurrency } from '@shm/contracts';
import { Tag } from 'primereact/tag';
import { CHECK_LOOK, PENALTY_LABELS, RULE_LABELS, describeDayPrice, formatSeconds, formatUtc, formatUtcRange, formatValue } from '../utils/money-format';
import { formatWei, subtractWei } from '../utils/wei';

/** A cell with nothing to say for this kind of row (a phone's stacked card leaves it out). */
const NONE = <span className="node-money__none">—</span>;

/** One cell; `label` is what a phone shows beside it once the table becomes stacked cards. */
const Cell = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <td data-label={label} data-testid={testId} className={children === NONE ? 'node-money__empty-cell' : undefined}>
    {/* One box, so a phone's two-column card keeps the cell's text and notes together. */}
    <span>{children}</span>
  </td>
);

function PeriodCells({ row, currency }: { row: Extract<LedgerRow, { kind: 'period' }>; currency: PriceCurrency }) {
  const { label, severity, icon } = CHECK_LOOK[row.check];
  return (
    <>
      <Cell label="Date">{formatUtcRange(row.start, row.end)}</Cell>
      <Cell label="Entry">Active period {row.index}</Cell>
      <Cell label="Time">{formatSeconds(row.seconds)}</Cell>
      <Cell label="Rate" testId="ledger-rate">
        {formatWei(row.ratePerIntervalWei)}/h <span className="node-money__rule">({RULE_LABELS[row.rule]})</span>
      </Cell>
      <Cell label="Stability factor">
        × {row.stabilityScaleMul.toLocaleString('en-US')} / {row.stabilityScaleDiv.toLocaleString('en-US')}
      </Cell>
      <Cell label="SHM" testId="ledger-shm">
        {formatWei(row.amountWei)}
        {row.amountSource === 'computed' ? <span className="node-money__rule"> (computed from the history)</span> : null}
      </Cell>
      <Cell label="Price at end" testId="ledger-price">
        {describeDayPrice(row.price, currency)}
      </Cell>
      <Cell label="Value" testId="ledger-value">
        {row.value === null ? NONE : formatValue(row.value, currency)}
      </Cell>
      <Cell label="Check" testId="ledger-check">
        <span className="node-money__check" data-check={row.check}>
          <Tag value={label} icon={icon} severity={severity} />
        </span>
      </Cell>
    </>
  );
}

/** A row without a rate or a check: stake, penalty, unstake. */
function PlainCells({ date, entry, shm, price, value }: { date: string; entry: ReactNode; shm: ReactNode; price: ReactNode; value: ReactNode }) {
  return (
    <>
      <Cell label="Date">{formatUtc(date)}</Cell>
      <Cell label="Entry">{entry}</Cell>
      <Cell label="Time">{NONE}</Cell>
      <Cell label="Rate">{NONE}</Cell>
      <Cell label="Stability factor">{NONE}</Cell>
      <Cell label="SHM" testId="ledger-shm">
        {shm}
      </Cell>
      <Cell label="Price at end" testId="ledger-price">
        {price}
      </Cell>
      <Cell label="Value" testId="ledger-value">
        {value}
      </Cell>
      <Cell label="Check">{NONE}</Cell>
    </>
  );
}

function RowCells({ row, currency }: { row: LedgerRow; currency: PriceCurrency }) {
  switch (row.kind) {
    case 'period':
      return <PeriodCells row={row} currency={currency} />;
    case 'stake':
      return <PlainCells date={row.at} entry="Stake" shm={formatWei(row.amountWei)} price={NONE} value="Not income" />;
    case 'penalty':
      return (
        <PlainCells
          date={row.at}
          entry={`Penalty: ${PENALTY_LABELS[row.violation]}`}
          shm={formatWei(subtractWei('0', row.amountWei))}
          price={describeDayPrice(row.price, currency)}
          value={row.value === null ? 'Taken from the stake' : `Taken from the stake (${formatValue(row.value, currency)})`}
        />
      );
    case 'unstake':
      return (
        <PlainCells
          date={row.at}
          entry="Unstake"
          shm={
            <>
              {formatWei(row.payoutWei)} paid out
              <span className="node-money__rule">
                {' '}
                (stake {formatWei(row.stakeWei)} + reward {formatWei(row.rewardWei)} − fee {formatWei(row.feeWei)})
              </span>
            </>
          }
          price={describeDayPrice(row.price, currency)}
          value={row.value === null ? NONE : `${formatValue(row.value, currency)} reward received`}
        />
      );
  }
}

const rowKey = (row: LedgerRow, index: number) => `${row.kind}-${row.kind === 'period' ? row.index : index}`;

/** The chain's ledger, oldest first: a table on a wide screen, stacked cards on a phone (CSS). */
export function LedgerTable({ ledger, currency }: { ledger: LedgerRow[]; currency: PriceCurrency }) {
  if (ledger.length === 0) return <p className="dashboard-empty">No stake, period, penalty or unstake on the chain for this node yet.</p>;
  return (
    // A region of its own that scrolls sideways on a narrow desktop window, never the page.
    <div className="node-money__table-wrap" role="region" aria-labelledby="ledger-caption" tabIndex={0}>
      <table className="node-money__ledger" data-testid="ledger-table">
        <caption id="ledger-caption">One row per stake, active period, penalty and unstake, oldest first; SHM to the wei, values in {currency.toUpperCase()}.</caption>
        <thead>
          <tr>
            {['Date', 'Entry', 'Time', 'Rate', 'Stability factor', 'SHM', 'Price at end', 'Value', 'Check'].map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ledger.map((row, index) => (
            <tr key={rowKey(row, index)} data-testid="ledger-row" data-kind={row.kind} data-check={row.kind === 'period' ? row.check : undefined}>
              <RowCells row={row} currency={currency} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
