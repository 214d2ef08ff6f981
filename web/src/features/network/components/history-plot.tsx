import type { PointerEvent } from 'react';
import type { HistoryRange } from '@shm/contracts';
import { linearScale, niceTicks, tickDomain } from '../../../components/charts/scale';
import { timeDomain, timeTicks } from '../utils/time-ticks';

export const PLOT_HEIGHT = 220;
const PAD = { top: 12, right: 14, bottom: 28, left: 56 };

export interface HistorySeries {
  id: string;
  label: string;
  /** One per time; null where the value is not known (the line breaks there). */
  values: (number | null)[];
}

interface HistoryPlotProps {
  width: number;
  /** Bucket starts (ms), oldest first. */
  times: number[];
  series: HistorySeries[];
  range: HistoryRange;
  bucketMs: number;
  formatValue: (value: number) => string;
  /** The chart's accessible name: what it shows, in words. */
  label: string;
  testId: string;
  hovered?: number | null;
  onHover?: (index: number | null) => void;
}

/**
 * An SVG path per series, broken where a value is missing or buckets are missing (more than two
 * buckets apart): a line drawn across a gap would show readings nobody took.
 */
export function seriesPath(times: number[], values: (number | null)[], bucketMs: number, xOf: (t: number) => number, yOf: (v: number) => number): string {
  let path = '';
  let previous: number | null = null;
  values.forEach((value, index) => {
    const t = times[index];
    if (value === null || t === undefined) {
      previous = null;
      return;
    }
    const joined = previous !== null && t - previous <= 2 * bucketMs;
    const at = `${xOf(t).toFixed(1)},${yOf(value).toFixed(1)}`;
    // A zero-length start (drawn as a dot by the round line cap) keeps a lone reading visible.
    path += joined ? `L${at}` : `M${at}h0`;
    previous = t;
  });
  return path;
}

/** Time on x (hours over a day, days over a week or a month), values on y, drawn at the given width. */
export function HistoryPlot({ width, times, series, range, bucketMs, formatValue, label, testId, hovered = null, onHover }: HistoryPlotProps) {
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const yTicks = niceTicks(Math.min(...values), Math.max(...values), 4);
  const y = linearScale(tickDomain(yTicks), [PLOT_HEIGHT - PAD.bottom, PAD.top]);
  const [start, end] = timeDomain(times, range);
  const right = Math.max(PAD.left + 1, width - PAD.right);
  const x = linearScale([start, end], [PAD.left, right]);
  const xTicks = timeTicks(start, end, range, width < 480 ? 5 : 8);

  const onPointerMove = onHover
    ? (event: PointerEvent<SVGSVGElement>) => {
        const at = start + ((event.clientX - event.currentTarget.getBoundingClientRect().left - PAD.left) / (right - PAD.left)) * (end - start);
        let nearest = 0;
        let nearestGap = Number.POSITIVE_INFINITY;
        times.forEach((time, index) => {
          const gap = Math.abs(time - at);
          if (gap < nearestGap) [nearest, nearestGap] = [index, gap];
        });
        onHover(nearest);
      }
    : undefined;

  return (
    <svg
      width={width}
      height={PLOT_HEIGHT}
      role="img"
      aria-label={label}
      data-testid={testId}
      onPointerMove={onPointerMove}
      onPointerLeave={onHover ? () => onHover(null) : undefined}
    >
      {yTicks.map((tick) => (
        <g key={tick} className="chart__grid">
          <line x1={PAD.left} x2={right} y1={y(tick)} y2={y(tick)} />
          <text x={PAD.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
            {formatValue(tick)}
          </text>
        </g>
      ))}
      {xTicks.map((tick) => (
        <text key={tick.t} className="chart__tick" x={x(tick.t)} y={PLOT_HEIGHT - PAD.bottom + 18} textAnchor="middle" data-testid={`${testId}-x-tick`}>
          {tick.label}
        </text>
      ))}
      {series.map((s) => (
        <path key={s.id} d={seriesPath(times, s.values, bucketMs, x, y)} className={`chart__line history__line--${s.id}`} data-series={s.id} />
      ))}
      {hovered !== null && times[hovered] !== undefined ? (
        <g className="chart__cursor">
          <line x1={x(times[hovered])} x2={x(times[hovered])} y1={PAD.top} y2={PLOT_HEIGHT - PAD.bottom} />
        </g>
      ) : null}
    </svg>
  );
}
