import { formatTimeRemaining, hoursUntil, sessionExpiryText } from './countdown';

describe('formatTimeRemaining', () => {
  it.each([
    [24, '24h 0m'],
    [23.9986, '23h 59m'],
    [1.5, '1h 30m'],
    [1, '1h 0m'],
    [0.75, '45m'],
    [1 / 60, '1m'],
    [0.01, 'Less than 1m'],
    [0, 'Expired'],
    [-2, 'Expired'],
    [Number.NaN, 'Expired'],
  ])('when %p hours remain, then it shows %p', (hours, text) => {
    expect(formatTimeRemaining(hours)).toBe(text);
  });
});

describe('session expiry text', () => {
  it('when no session info has arrived, then the default 24h 0m shows', () => {
    expect(sessionExpiryText(null)).toBe('Session expires in 24h 0m');
  });

  it('when time remains, then it says when the session expires; when none, that it expired', () => {
    expect(sessionExpiryText(5.25)).toBe('Session expires in 5h 15m');
    expect(sessionExpiryText(0)).toBe('Session expired');
  });

  it('when the expiry is 90 minutes away, then 1.5 hours remain; when past, 0', () => {
    expect(hoursUntil(1_000 + 90 * 60_000, 1_000)).toBe(1.5);
    expect(hoursUntil(0, 1_000)).toBe(0);
  });
});
