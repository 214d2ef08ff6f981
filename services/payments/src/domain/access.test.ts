import { grantFor, hoursRemaining, sessionInfoOf } from './access';
import type { PaymentIntent } from './ports';

const now = new Date('2026-01-01T12:00:00.000Z');
const intent = { id: 's1', wallet: '0xabc' } as PaymentIntent;

describe('access grants', () => {
  it('when a payment is confirmed, then access lasts exactly 24 hours from that moment', () => {
    const grant = grantFor(intent, '0xhash', now);
    expect(grant.expiresAt.toISOString()).toBe('2026-01-02T12:00:00.000Z');
    expect(sessionInfoOf(grant, now)).toMatchObject({ isValid: true, hoursRemaining: 24, sessionId: 's1' });
  });

  it('when time passes, then hours remaining fall and reach 0 at expiry, never below', () => {
    const grant = grantFor(intent, '0xhash', now);
    expect(hoursRemaining(grant.expiresAt, new Date(now.getTime() + 90 * 60_000))).toBe(22.5);
    const atExpiry = new Date(grant.expiresAt.getTime());
    expect(sessionInfoOf(grant, atExpiry)).toEqual({ isValid: false, hoursRemaining: 0 });
    expect(hoursRemaining(grant.expiresAt, new Date(atExpiry.getTime() + 1000))).toBe(0);
  });

  it('when a grant is revoked, then it gives no access even before expiry', () => {
    expect(sessionInfoOf({ ...grantFor(intent, '0xhash', now), revoked: true }, now).isValid).toBe(false);
  });
});
