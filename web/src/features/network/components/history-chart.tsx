import { useState, type ReactNode } from 'react';
import type { NetworkHistoryReply } from '@shm/contracts';
import { ChartFigure, LegendItem } from '../../../components/charts/chart-figure';
import { useWidth } from '../../../components/charts/use-width';
import { formatHistoryValue, formatWhen, hasValues, historySummary, SERIES, type HistoryKind } from '../utils/history-series';
import { HistoryPlot, PLOT_HEIGHT } from './history-plot';

interface HistoryChartProps {
  kind: HistoryKind;
  title: string;
  description: string;
  /** The reply to draw; absent while loading or after a failure. */
  reply: NetworkHistoryReply | undefined;
  /** Shown in the plot's box instead of the chart (loading, failure); the box keeps its height. */
  status?: ReactNode;
  testId: string;
}

/** One history chart: the plot at the measured width in a box of fixed height, a readout, the legend and its table. */
export function HistoryChart({ kind, title, description, reply, status, testId }: HistoryChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const [hovered, setHovered] = useState<number | null>(null);
  const ready = !status && reply !== undefined && hasValues(kind, reply);
  const points = reply?.points ?? [];
  const shown = ready ? points[hovered ?? points.length - 1] : undefined;
  const specs = SERIES[kind];

  return (
    <ChartFigure
      testId={testId}
      title={title}
      description={description}
      chart={
        <div className="chart__body">
          <p className="chart__readout" data-testid={`${testId}-readout`}>
            {shown
              ? `${formatWhen(shown.t)}: ${specs.map((s) => `${s.label} ${formatHistoryValue(kind, s.value(shown))}`).join(', ')}${shown.estimate ? ' (includes an estimate)' : ''}`
              : null}
          </p>
          <div ref={ref} className="chart__canvas" style={{ height: PLOT_HEIGHT }}>
            {status ??
              (!ready || !reply ? (
                <p className="history__state" data-testid={`${testId}-empty`}>
                  No history yet.
                </p>
              ) : width > 0 ? (
                <HistoryPlot
                  width={width}
                  times={points.map((p) => Date.parse(p.t))}
                  series={specs.map((s) => ({ id: s.id, label: s.label, values: points.map(s.value) }))}
                  range={reply.range}
                  bucketMs={reply.bucketSeconds * 1000}
                  formatValue={(v) => formatHistoryValue(kind, v)}
                  label={historySummary(kind, reply, title)}
                  testId={`${testId}-svg`}
                  hovered={hovered}
                  onHover={setHovered}
                />
              ) : null)}
          </div>
        </div>
      }
      legend={specs.map((s) => (
        <LegendItem key={s.id} kind="line" className={`history__swatch--${s.id}`}>
          {s.label}
        </LegendItem>
      ))}
      table={ready && reply ? <HistoryTable kind={kind} reply={reply} title={title} /> : undefined}
    />
  );
}

function HistoryTable({ kind, reply, title }: { kind: HistoryKind; reply: NetworkHistoryReply; title: string }) {
  const specs = SERIES[kind];
  return (
    <table className="data-table chart__data">
      <caption>{title}: one row per {reply.bucketSeconds >= 3600 ? 'hour' : `${reply.bucketSeconds / 60} minutes`}, oldest first</caption>
      <thead>
        <tr>
          <th scope="col">Time</th>
          {specs.map((s) => (
            <th key={s.id} scope="col">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {reply.points.map((point) => (
          <tr key={point.t}>
            <th scope="row">
              {formatWhen(point.t)}
              {point.estimate ? ' (estimate)' : ''}
            </th>
            {specs.map((s) => (
              <td key={s.id}>{formatHistoryValue(kind, s.value(point))}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
