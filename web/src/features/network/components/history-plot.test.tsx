import { renderToStaticMarkup } from 'react-dom/server';
import type { HistoryRange } from '@shm/contracts';
import { HistoryPlot, seriesPath } from './history-plot';

process.env.TZ = 'UTC';

const BUCKET = 300_000;
const identity = (v: number) => v;

describe('seriesPath', () => {
  it('when every bucket has a value, then one line joins them', () => {
    // x = t / 1000, y = value
    expect(seriesPath([0, 300_000, 600_000, 900_000], [1, 2, 3, 4], BUCKET, (t) => t / 1000, identity)).toBe('M0.0,1.0h0L300.0,2.0L600.0,3.0L900.0,4.0');
  });

  it('when a value is missing or buckets are missing, then the line breaks there', () => {
    // 300 s: no value (break); 600 s starts again; 1800 s is 1200 s after 600 s, more than two buckets (break)
    expect(seriesPath([0, 300_000, 600_000, 1_800_000], [1, null, 3, 4], BUCKET, (t) => t / 1000, identity)).toBe('M0.0,1.0h0M600.0,3.0h0M1800.0,4.0h0');
  });
});

const times = ['2026-11-25T00:00:00Z', '2026-11-25T06:00:00Z', '2026-11-25T12:00:00Z', '2026-11-25T18:00:00Z'].map(Date.parse);
const plot = (range: HistoryRange) =>
  renderToStaticMarkup(
    <HistoryPlot
      width={600}
      times={times}
      series={[
        { id: 'active', label: 'Active', values: [255, 256, 255, 254] },
        { id: 'standby', label: 'Standby', values: [412, 410, 415, 420] },
        { id: 'community', label: 'Community', values: [22, 23, 22, 21] },
      ]}
      range={range}
      bucketMs={6 * 3_600_000}
      formatValue={String}
      label="Nodes over the last 24 hours"
      testId="plot"
    />,
  );
const xTicks = (html: string) => [...html.matchAll(/data-testid="plot-x-tick">([^<]*)</g)].map((m) => m[1]);

describe('HistoryPlot', () => {
  it('when three series are given, then the SVG draws three lines and carries its accessible name', () => {
    const html = plot('24h');
    expect(html.match(/data-series="/g)).toHaveLength(3);
    expect(html).toMatch(/data-series="active".*data-series="standby".*data-series="community"/);
    // each series has 4 joined points: a start and 3 segments
    expect(html.match(/d="M[^"]*"/g)?.map((d) => d.split('L').length)).toEqual([4, 4, 4]);
    expect(html).toContain('role="img" aria-label="Nodes over the last 24 hours"');
  });

  it('when a day is drawn, then the x ticks are hours', () => {
    // 18 h at 600 px (8 ticks): 1 h → 18, 2 h → 9, 3 h → 6 ticks (fits), from 00:00 to 18:00
    expect(xTicks(plot('24h'))).toEqual(['00:00', '03:00', '06:00', '09:00', '12:00', '15:00', '18:00']);
  });

  it('when a week is drawn, then the x ticks are dates', () => {
    // 18 h is under the 2 days a week's chart draws at least: widened around 09:00 Nov 25 to
    // Nov 24 09:00 … Nov 26 09:00, whose midnights are Nov 25 and Nov 26
    expect(xTicks(plot('7d'))).toEqual(['Nov 25', 'Nov 26']);
  });

  it('when the values span 21 to 420, then the y axis runs from 0 to 500 in round steps', () => {
    // niceTicks(21, 420, 4): 399 / 4 = 99.75 → a step of 100
    const labels = [...plot('24h').matchAll(/text-anchor="end"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(labels).toEqual(['0', '100', '200', '300', '400', '500']);
  });
});
