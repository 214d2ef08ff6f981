import { useMemo, useState, type PointerEvent } from 'react';
import type { ProjectionMonth } from '@shm/contracts';
import type { Money } from '../../../../lib/currency';
import { compactMoney } from './compact';
import { linearScale, niceTicks, tickDomain } from '../../../../components/charts/scale';
import { useWidth } from '../../../../components/charts/use-width';

const HEIGHT = 260;
const PAD = { top: 14, right: 14, bottom: 30, left: 62 };

interface Point {
  month: number;
  expected: number;
  p10: number;
  p90: number;
}

/** Month 0 (nothing earned yet), then each month's cumulative profit (USD, as the API gives it). */
const pointsOf = (monthly: ProjectionMonth[]): [Point, ...Point[]] => [
  { month: 0, expected: 0, p10: 0, p90: 0 },
  ...monthly.map((m) => ({ month: m.month, expected: m.cumulativeProfit, p10: m.cumulativeProfitP10, p90: m.cumulativeProfitP90 })),
];

/**
 * Cumulative profit month by month (hand-drawn SVG): the expected line over the P10–P90 band of random
 * rotation, with a zero line. Pointing at the chart reads out one month; the table has them all.
 */
export function ProjectionChart({ monthly, money }: { monthly: ProjectionMonth[]; money: Money }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const [hovered, setHovered] = useState<number | null>(null);
  const points = useMemo(() => pointsOf(monthly), [monthly]);
  const last = points.at(-1) ?? points[0];
  const shown = (hovered === null ? undefined : points[hovered]) ?? last;

  // Drawn in the shown currency: the axis reads €, ₹ or SHM.
  const values = points.flatMap((p) => [p.p10, p.p90, p.expected]).map(money.convert);
  const yTicks = niceTicks(Math.min(...values), Math.max(...values), 5);
  const yShown = linearScale(tickDomain(yTicks), [HEIGHT - PAD.bottom, PAD.top]);
  const y = (usd: number) => yShown(money.convert(usd));
  const x = linearScale([0, last.month], [PAD.left, Math.max(PAD.left + 1, width - PAD.right)]);
  const xTicks = niceTicks(0, last.month, width < 480 ? 4 : 8).filter((t) => Number.isInteger(t) && t >= 0 && t <= last.month);
  const at = (p: Point, value: number) => `${x(p.month).toFixed(1)},${y(value).toFixed(1)}`;
  const band = [...points.map((p) => at(p, p.p90)), ...[...points].reverse().map((p) => at(p, p.p10))].join(' ');
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${at(p, p.expected)}`).join('');

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const left = event.currentTarget.getBoundingClientRect().left;
    const month = Math.round(((event.clientX - left - PAD.left) / (width - PAD.left - PAD.right)) * last.month);
    setHovered(Math.min(points.length - 1, Math.max(1, month)));
  };

  return (
    <div className="chart__body">
      <p className="chart__readout" data-testid="projection-chart-readout">
        Month {shown.month}: expected {money.amount(shown.expected)} (P10 {money.amount(shown.p10)}, P90 {money.amount(shown.p90)})
      </p>
      <div ref={ref} className="chart__canvas" style={{ height: HEIGHT }}>
        {width > 0 ? (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-label={`Cumulative profit over ${last.month} months: expected ${money.amount(last.expected)} by the end, between ${money.amount(last.p10)} (P10) and ${money.amount(last.p90)} (P90).`}
            data-testid="projection-chart-svg"
            onPointerMove={onPointerMove}
            onPointerLeave={() => setHovered(null)}
          >
            {yTicks.map((tick) => (
              <g key={tick} className="chart__grid">
                <line x1={PAD.left} x2={width - PAD.right} y1={yShown(tick)} y2={yShown(tick)} className={tick === 0 ? 'chart__zero' : undefined} />
                <text x={PAD.left - 6} y={yShown(tick)} dy="0.32em" textAnchor="end">
                  {compactMoney(money, tick)}
                </text>
              </g>
            ))}
            {xTicks.map((tick) => (
              <text key={tick} className="chart__tick" x={x(tick)} y={HEIGHT - PAD.bottom + 18} textAnchor="middle">
                {tick}
              </text>
            ))}
            <text className="chart__tick" x={width - PAD.right} y={HEIGHT - 2} textAnchor="end">
              months
            </text>
            <polygon points={band} className="chart__band" data-testid="projection-band" />
            <path d={line} className="chart__line" data-testid="projection-expected-line" />
            {hovered !== null ? (
              <g className="chart__cursor">
                <line x1={x(shown.month)} x2={x(shown.month)} y1={PAD.top} y2={HEIGHT - PAD.bottom} />
                <circle cx={x(shown.month)} cy={y(shown.expected)} r={4} />
              </g>
            ) : null}
          </svg>
        ) : null}
      </div>
    </div>
  );
}
