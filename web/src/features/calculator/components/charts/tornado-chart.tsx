import type { SensitivityEntry, SensitivityInput } from '@shm/contracts';
import { formatPercent } from '../../../../lib/format';
import { signedPoints } from './compact';
import { linearScale, niceTicks, tickDomain } from '../../../../components/charts/scale';
import { useWidth } from '../../../../components/charts/use-width';

export const INPUT_LABELS: Record<SensitivityInput, string> = {
  rewardPerHour: 'Reward per hour',
  nodeCostPerMonth: 'Node cost',
  shmPrice: 'SHM price',
  shmStake: 'SHM stake',
  activeCommunityNodes: 'Active nodes',
  standbyNodes: 'Standby nodes',
};

const ROW = 40;
const PAD = { top: 6, bottom: 26 };
/** Room beside a bar's end for its value. */
const VALUE_ROOM = 46;

/**
 * Tornado chart of net APY sensitivity (hand-drawn SVG): per input, largest impact first, the change
 * in net APY (percentage points) with that input at −20 % (upper bar) and at +20 % (lower bar), left
 * of zero when net APY falls, right when it rises.
 */
export function TornadoChart({ entries }: { entries: SensitivityEntry[] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const height = PAD.top + entries.length * ROW + PAD.bottom;
  const narrow = width < 480;
  const labelWidth = narrow ? 92 : 126;
  const extent = Math.max(...entries.flatMap((e) => [Math.abs(e.deltaLow), Math.abs(e.deltaHigh)]), 0);
  const ticks = niceTicks(-(extent || 1), extent || 1, narrow ? 2 : 6);
  const reach = Math.max(...tickDomain(ticks).map(Math.abs));
  const x = linearScale([-reach, reach], [labelWidth + VALUE_ROOM, Math.max(labelWidth + VALUE_ROOM + 1, width - VALUE_ROOM)]);
  const zero = x(0);

  const bar = (delta: number, top: number, kind: 'low' | 'high') => (
    <g>
      <rect x={Math.min(zero, x(delta))} y={top} width={Math.abs(x(delta) - zero)} height={12} rx={2} className={`chart__bar chart__bar--${kind}`} />
      <text x={x(delta) + (delta < 0 ? -4 : 4)} y={top + 6} dy="0.32em" textAnchor={delta < 0 ? 'end' : 'start'} className="chart__value">
        {signedPoints(delta)}
      </text>
    </g>
  );

  return (
    <div ref={ref} className="chart__canvas" style={{ height }}>
      {width > 0 ? (
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={`Change in net APY, in percentage points, when one input moves by 20 %: ${entries
            .map((e) => `${INPUT_LABELS[e.input]} ${signedPoints(e.deltaLow)} at −20 %, ${signedPoints(e.deltaHigh)} at +20 %`)
            .join('; ')}.`}
          data-testid="tornado-chart-svg"
        >
          {ticks.map((tick) => (
            <g key={tick} className="chart__grid">
              <line x1={x(tick)} x2={x(tick)} y1={PAD.top} y2={height - PAD.bottom} className={tick === 0 ? 'chart__zero' : undefined} />
              <text x={x(tick)} y={height - 8} textAnchor="middle">
                {signedPoints(tick).replace('.0', '')}
              </text>
            </g>
          ))}
          {entries.map((entry, index) => {
            const top = PAD.top + index * ROW;
            return (
              <g key={entry.input} data-testid={`tornado-row-${entry.input}`}>
                <text x={0} y={top + ROW / 2 - 2} dy="0.32em" className="chart__label">
                  {INPUT_LABELS[entry.input]}
                </text>
                {bar(entry.deltaLow, top + 6, 'low')}
                {bar(entry.deltaHigh, top + 20, 'high')}
              </g>
            );
          })}
        </svg>
      ) : null}
    </div>
  );
}

/** The tornado's figures as a table (its text alternative). */
export function TornadoTable({ entries, netAPY }: { entries: SensitivityEntry[]; netAPY: number }) {
  return (
    <table className="data-table chart__data" data-testid="tornado-table">
      <caption>Net APY with one input moved by 20 % (now {formatPercent(netAPY)}); changes in percentage points</caption>
      <thead>
        <tr>
          <th scope="col">Input</th>
          <th scope="col">Net APY at −20 %</th>
          <th scope="col">Net APY at +20 %</th>
          <th scope="col">Change at −20 %</th>
          <th scope="col">Change at +20 %</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.input}>
            <th scope="row">{INPUT_LABELS[e.input]}</th>
            <td>{formatPercent(e.netAPYLow)}</td>
            <td>{formatPercent(e.netAPYHigh)}</td>
            <td>{signedPoints(e.deltaLow)}</td>
            <td>{signedPoints(e.deltaHigh)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
