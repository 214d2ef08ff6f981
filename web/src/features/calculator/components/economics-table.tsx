import type { EconomicsResults } from '@shm/contracts';
import { Card } from 'primereact/card';
import { formatBreakEven, formatPercent, formatShm } from '../../../lib/format';
import { useMoney } from '../hooks/money-context';

/** 'Detailed Economics Analysis' (spec §2.3): Metric / Value, six rows. */
export function EconomicsTable({ results }: { results: EconomicsResults }) {
  const money = useMoney();
  const rows: [string, string, string?][] = [
    ['Yearly SHM Issuance', formatShm(results.yearlyIssuance, 0)],
    ['Network Inflation Rate', formatPercent(results.inflationTotal), `${formatPercent(results.inflationCirculating)} of circulating supply`],
    ['Expected Monthly Rewards', formatShm(results.monthlySHM)],
    ['Expected Monthly Value', money.amount(results.monthlyUSD)],
    ['Break Even Period', formatBreakEven(results.breakEven)],
    ['Expected Active Time', formatPercent(results.expectedActiveTime)],
  ];

  return (
    <Card className="results-card" title="Detailed Economics Analysis">
      <table className="data-table" data-testid="economics-table">
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([metric, value, note]) => (
            <tr key={metric}>
              <th scope="row">{metric}</th>
              <td>
                <span className="data-table__value">{value}</span>
                {note ? <span className="data-table__note">{note}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
