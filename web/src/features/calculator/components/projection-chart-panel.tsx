import type { ProjectionMonth } from '@shm/contracts';
import { useMoney } from '../hooks/money-context';
import { downloadText } from '../../../lib/download';
import { projectionCsv, projectionCsvName } from '../utils/projection-csv';
import { ChartFigure, LegendItem } from '../../../components/charts/chart-figure';
import { ProjectionChart } from './charts/projection-chart';
import { ProjectionTable } from './charts/projection-table';
import './charts/charts.css';

/**
 * The Projection tab's month-by-month chart with its table and the CSV download (loaded on first use:
 * the first page does not need it).
 */
export function ProjectionChartPanel({ monthly }: { monthly: ProjectionMonth[] }) {
  const money = useMoney();
  const download = () => downloadText(projectionCsv(monthly, money), projectionCsvName(monthly.length, money, new Date()));
  return (
    <ChartFigure
      testId="projection-chart"
      title="Month by month"
      description={`Cumulative profit of the affordable nodes (${money.code}): expected, and the P10–P90 range of random rotation into the active set.`}
      chart={<ProjectionChart monthly={monthly} money={money} />}
      legend={
        <>
          <LegendItem kind="line" className="chart__swatch--expected">
            Expected
          </LegendItem>
          <LegendItem kind="area" className="chart__swatch--band">
            P10–P90 range
          </LegendItem>
        </>
      }
      table={<ProjectionTable monthly={monthly} money={money} />}
      actions={
        <button type="button" className="chart__button" onClick={download} data-testid="download-csv">
          <i className="pi pi-download" aria-hidden="true" /> Download CSV
        </button>
      }
    />
  );
}
