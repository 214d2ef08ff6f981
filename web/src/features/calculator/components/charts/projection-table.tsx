import type { ProjectionMonth } from '@shm/contracts';
import type { Money } from '../../../../lib/currency';
import { formatShm } from '../../../../lib/format';

/** The month-by-month projection as a table (the chart's text alternative; the same columns as the CSV). */
export function ProjectionTable({ monthly, money }: { monthly: ProjectionMonth[]; money: Money }) {
  return (
    <table className="data-table chart__data" data-testid="projection-table">
      <caption>Month by month: SHM earned by the affordable nodes, its value and the cumulative profit ({money.code})</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">SHM earned</th>
          <th scope="col">SHM price</th>
          <th scope="col">Value</th>
          <th scope="col">Cumulative profit</th>
          <th scope="col">P10</th>
          <th scope="col">P90</th>
        </tr>
      </thead>
      <tbody>
        {monthly.map((m) => (
          <tr key={m.month}>
            <th scope="row">{m.month}</th>
            <td>{formatShm(m.shm)}</td>
            <td>{money.price(m.price)}</td>
            <td>{money.amount(m.value)}</td>
            <td>{money.amount(m.cumulativeProfit)}</td>
            <td>{money.amount(m.cumulativeProfitP10)}</td>
            <td>{money.amount(m.cumulativeProfitP90)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
