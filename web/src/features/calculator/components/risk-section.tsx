import type { CalculatorParams, EconomicsResults } from '@shm/contracts';
import { Card } from 'primereact/card';
import { formatNumber, formatPercent, formatShm, formatTimeToTarget } from '../../../lib/format';
import { useMoney } from '../hooks/money-context';
import { ChartFigure, LegendItem } from '../../../components/charts/chart-figure';
import { TornadoChart, TornadoTable } from './charts/tornado-chart';
import { MetricTile, toneOf, type Tone } from './metric-tile';
import { ParamInput } from './param-input';
import './charts/charts.css';

interface RiskSectionProps {
  params: CalculatorParams;
  results: EconomicsResults;
  onParamChange: (field: keyof CalculatorParams, value: number) => void;
}

const ACTIVE_PERIOD = { field: 'activePeriodHours', label: 'Active Period (hours)', kind: 'decimal' } as const;
const tone = (good: boolean): Tone => (good ? 'positive' : 'negative');

/**
 * Beyond the expected values (issue 9): break-even price and standby count, the real net APY, the
 * P10 / P50 / P90 of random rotation into the active set, and the sensitivity of net APY to each input.
 * Loaded on first use (the first page does not need it). Formulas: docs/methodology.md.
 */
export function RiskSection({ params, results, onParamChange }: RiskSectionProps) {
  const money = useMoney();
  const { riskBands: bands, breakEvenShmPrice: price, breakEvenStandbyNodes: standby } = results;
  return (
    <Card className="results-card" title="Ranges, Break-even & Sensitivity" subTitle="What could go differently from the expected values.">
      <div className="metric-grid risk__grid">
        <MetricTile
          testId="tile-break-even-price"
          field="breakEvenShmPrice"
          icon="pi-dollar"
          label="Break-even SHM Price"
          value={price === null ? 'None' : money.price(price)}
          subtitle={price === null ? 'A node earns no SHM' : `Profit is zero at this price (now ${money.price(params.shmPrice)})`}
          tone={price === null ? undefined : tone(params.shmPrice >= price)}
        />
        <MetricTile
          testId="tile-break-even-standby"
          field="breakEvenStandbyNodes"
          icon="pi-users"
          label="Break-even Standby Nodes"
          value={standby === null ? (params.nodeCostPerMonth === 0 ? 'No limit' : 'None') : formatNumber(standby, 1)}
          subtitle={
            standby !== null
              ? `Profit is zero with this many on standby (now ${formatNumber(params.standbyNodes, 0)})`
              : params.nodeCostPerMonth === 0
                ? 'A node that costs nothing never loses money'
                : 'A node loses money even with no standby'
          }
          tone={standby === null ? tone(params.nodeCostPerMonth === 0) : tone(params.standbyNodes <= standby)}
        />
        <MetricTile
          testId="tile-real-net-apy"
          field="realNetAPY"
          icon="pi-percentage"
          label="Real Net APY"
          value={formatPercent(results.realNetAPY)}
          subtitle={`Net APY after ${formatPercent(results.inflationCirculating)} inflation of the circulating supply`}
          tone={toneOf(results.realNetAPY)}
        />
      </div>

      <div className="risk__heading">
        <h3 className="risk__title">Ranges from random rotation (P10 · P50 · P90)</h3>
        <div className="risk__period">
          <ParamInput spec={ACTIVE_PERIOD} value={params.activePeriodHours ?? bands.activePeriodHours} onValidChange={onParamChange} />
        </div>
      </div>
      <div className="metric-grid risk__grid">
        <MetricTile
          testId="tile-band-monthly-shm"
          field="riskBands.monthlySHM.p50"
          icon="pi-wallet"
          label="Monthly SHM per Node"
          value={formatShm(bands.monthlySHM.p50)}
          subtitle={`P10 ${formatShm(bands.monthlySHM.p10)} · P90 ${formatShm(bands.monthlySHM.p90)} · expected ${formatShm(results.monthlySHM)}`}
        />
        <MetricTile
          testId="tile-band-monthly-profit"
          field="riskBands.monthlyProfit.p50"
          icon="pi-money-bill"
          label="Monthly Profit per Node"
          value={money.amount(bands.monthlyProfit.p50)}
          subtitle={`P10 ${money.amount(bands.monthlyProfit.p10)} · P90 ${money.amount(bands.monthlyProfit.p90)} · expected ${money.amount(results.monthlyProfit)}`}
          tone={toneOf(bands.monthlyProfit.p50)}
        />
        <MetricTile
          testId="tile-band-time-to-target"
          field="riskBands.timeToTarget.p50"
          icon="pi-flag"
          label="Time to Target"
          value={formatTimeToTarget(bands.timeToTarget.p50)}
          subtitle={`P10 ${formatTimeToTarget(bands.timeToTarget.p10)} (lucky) · P90 ${formatTimeToTarget(bands.timeToTarget.p90)} · expected ${formatTimeToTarget(results.timeToTarget)}`}
        />
      </div>

      <ChartFigure
        testId="tornado-chart"
        title="Sensitivity of Net APY"
        description={`Change in net APY (percentage points, now ${formatPercent(results.netAPY)}) with one input 20 % lower or higher, largest first.`}
        chart={<TornadoChart entries={results.sensitivity} />}
        legend={
          <>
            <LegendItem kind="area" className="chart__swatch--low">
              Input −20 %
            </LegendItem>
            <LegendItem kind="area" className="chart__swatch--high">
              Input +20 %
            </LegendItem>
          </>
        }
        table={<TornadoTable entries={results.sensitivity} netAPY={results.netAPY} />}
      />
    </Card>
  );
}
