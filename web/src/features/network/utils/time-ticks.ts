import type { HistoryRange } from '@shm/contracts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Steps a tick may take: whole hours over a day, whole days over a week or a month. */
const STEPS: Record<'hour' | 'day', [number, ...number[]]> = { hour: [1, 2, 3, 6, 12], day: [1, 2, 5, 7, 14] };

export const tickUnit = (range: HistoryRange) => (range === '24h' ? 'hour' : 'day');

export interface TimeTick {
  t: number;
  label: string;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** '14:00' on a day's chart, 'Nov 21' on a week's or a month's, in the visitor's own time zone. */
export const tickLabel = (time: number, range: HistoryRange) => {
  const date = new Date(time);
  return tickUnit(range) === 'hour' ? `${twoDigits(date.getHours())}:00` : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
};

/**
 * Ticks on whole local hours (24 h) or local midnights (7 d, 30 d) within [start, end], at most
 * `maxTicks` of them: the smallest step of 1, 2, 3, 6, 12 hours or 1, 2, 5, 7, 14 days that fits.
 */
export function timeTicks(start: number, end: number, range: HistoryRange, maxTicks: number): TimeTick[] {
  const unit = tickUnit(range);
  const unitMs = unit === 'hour' ? HOUR : DAY;
  const steps = STEPS[unit];
  const step = steps.find((s) => (end - start) / (s * unitMs) <= maxTicks) ?? steps.at(-1) ?? steps[0];
  const first = new Date(start);
  if (unit === 'hour') first.setMinutes(0, 0, 0);
  else first.setHours(0, 0, 0, 0);
  // Hours are counted on the clock (14:00, 16:00), so a 2-hour step never lands on odd hours.
  while (first.getTime() < start || (unit === 'hour' && first.getHours() % step !== 0)) {
    if (unit === 'hour') first.setHours(first.getHours() + 1);
    else first.setDate(first.getDate() + 1);
  }
  const ticks: TimeTick[] = [];
  // Local dates, not fixed 24-hour steps: a day with a daylight-saving change is 23 or 25 hours long.
  for (const at = first; at.getTime() <= end; unit === 'hour' ? at.setHours(at.getHours() + step) : at.setDate(at.getDate() + step)) {
    ticks.push({ t: at.getTime(), label: tickLabel(at.getTime(), range) });
  }
  return ticks;
}

/** The span a chart draws: its points' first to last, widened around a lone point so ticks can fall in it. */
export function timeDomain(times: number[], range: HistoryRange): [number, number] {
  const first = Math.min(...times);
  const last = Math.max(...times);
  const least = tickUnit(range) === 'hour' ? 2 * HOUR : 2 * DAY;
  if (last - first >= least) return [first, last];
  const middle = (first + last) / 2;
  return [middle - least / 2, middle + least / 2];
}
