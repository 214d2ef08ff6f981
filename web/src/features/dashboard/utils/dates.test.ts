import { formatDay } from './dates';

describe('formatDay', () => {
  it('when the day is 2026-01-01, then it reads Jan 1, 2026 whatever the time zone', () => {
    expect(formatDay('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDay('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('when the text is not a day, then it is shown as it is', () => {
    expect(formatDay('soon')).toBe('soon');
  });
});
