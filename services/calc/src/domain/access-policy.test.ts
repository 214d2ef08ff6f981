import { ZERO_ADDRESS } from '@shm/contracts';
import { gatedAccess, grantsWithFallback } from './access-policy';

const gate = (on: boolean) => ({ isOn: () => on });
const wallet = '0x00000000000000000000000000000000000000aa';

describe('gated access', () => {
  it('when the gate is off, then anyone may calculate', async () => {
    await expect(gatedAccess(gate(false)).assertMayCalculate({ claimedWallet: ZERO_ADDRESS })).resolves.toBeUndefined();
  });

  it('when the gate is on and no wallet is signed in, then 403 Payment Required, whatever the body claims', async () => {
    await expect(gatedAccess(gate(true)).assertMayCalculate({ claimedWallet: wallet })).rejects.toMatchObject({
      status: 403,
      code: 'PAYMENT_REQUIRED',
      message: 'Payment Required',
    });
  });

  it('when the gate is on and grants are wired, then only a wallet with a grant may calculate', async () => {
    const grants = { hasValidGrant: async (w: string) => w === wallet };
    await expect(gatedAccess(gate(true), grants).assertMayCalculate({ claimedWallet: wallet, verifiedWallet: wallet })).resolves.toBeUndefined();
    await expect(
      gatedAccess(gate(true), grants).assertMayCalculate({ claimedWallet: wallet, verifiedWallet: '0x00000000000000000000000000000000000000bb' }),
    ).rejects.toMatchObject({ status: 403 });
  });
});

describe('grants with a fallback to payments', () => {
  const copyWith = (paid: Set<string>) => ({
    hasValidGrant: async (w: string) => paid.has(w),
    record: async ({ wallet: w }: { wallet: string }) => void paid.add(w),
  });
  const grant = { sessionId: 's1', grantedAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-02T00:00:00.000Z' };

  it('when the copy says not paid but payments has a grant, then access is given and the copy keeps it', async () => {
    const paid = new Set<string>();
    let asked = 0;
    const access = grantsWithFallback(copyWith(paid), { currentGrant: async () => (asked++, grant) });
    expect(await access.hasValidGrant(wallet)).toBe(true);
    expect(await access.hasValidGrant(wallet)).toBe(true);
    expect({ asked, kept: paid.has(wallet) }).toEqual({ asked: 1, kept: true });
  });

  it('when payments says no or cannot be reached, then the answer is no, and it is not asked again within the negative TTL', async () => {
    const errors: unknown[] = [];
    let asked = 0;
    const down = grantsWithFallback(copyWith(new Set()), { currentGrant: async () => { asked++; throw new Error('ECONNREFUSED'); } }, { onError: (e) => errors.push(e), negativeTtlMs: 60_000 });
    expect(await down.hasValidGrant(wallet)).toBe(false);
    expect(await down.hasValidGrant(wallet)).toBe(false);
    expect({ asked, errors: errors.length }).toEqual({ asked: 1, errors: 1 });
  });
});
