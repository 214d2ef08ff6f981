import { renderToStaticMarkup } from 'react-dom/server';
import type { RotationStats } from '@shm/contracts';
import { RotationCard } from './rotation-card';

const rotation = (overrides: Partial<RotationStats> = {}): RotationStats => ({
  cyclesObserved: 2880,
  cycleSeconds: 60,
  activationsPerCycle: 0.0123456,
  removalsPerCycle: 0.012,
  standbyAddsPerCycle: 0.3,
  activePeriod: { hours: 4.4, method: 'observed', observed: 17 },
  waitToActive: { p10Hours: 0.5, p50Hours: 5.2, p90Hours: 81.6 },
  activeShare: 0.125,
  ...overrides,
});

/** The text of the value cell of one figure row. */
const valueOf = (html: string, id: string) => new RegExp(`data-testid="rotation-${id}-value">([^<]*)<`).exec(html)?.[1];

describe('RotationCard', () => {
  it('when rotation is known, then the waits, the period, the share, the rate and the history it rests on show', () => {
    const html = renderToStaticMarkup(<RotationCard rotation={rotation()} />);
    expect(html).toContain('When will a new node be active?');
    // 0.5 h → under an hour; 5.2 h; 81.6 h = 3.4 days (over 48 h)
    expect(valueOf(html, 'wait')).toBe('&lt; 1 h / 5.2 h / 3.4 days');
    expect(valueOf(html, 'active-period')).toBe('4.4 h');
    // 0.125 → 12.5 %
    expect(valueOf(html, 'active-share')).toBe('12.5%');
    // 0.0123456 with 3 decimals
    expect(valueOf(html, 'activations')).toBe('0.012');
    // 2,880 cycles × 60 s = 172,800 s = 2.0 days
    expect(html).toContain('based on 2,880 cycles (≈ 2.0 days) of history');
    expect(html).toContain('Median of 17 completed active periods');
  });

  it('when no activation was seen yet, then the wait says so and the share is a dash', () => {
    const html = renderToStaticMarkup(
      <RotationCard rotation={rotation({ waitToActive: null, activeShare: null, activePeriod: { hours: 90, method: 'steady-state', observed: 0 } })} />,
    );
    expect(valueOf(html, 'wait')).toBe('No activation seen yet');
    expect(valueOf(html, 'active-share')).toBe('—');
    // 90 h = 3.75 days → 3.8 days
    expect(valueOf(html, 'active-period')).toBe('3.8 days');
    expect(html).toContain('no completed period seen yet');
  });

  it('when there is no rotation yet, then the card says the figures come with more history', () => {
    const html = renderToStaticMarkup(<RotationCard rotation={undefined} />);
    expect(html).toContain('Rotation figures appear once enough cycle history is kept.');
    expect(html).not.toContain('rotation-wait');
  });
});
