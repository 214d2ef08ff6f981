import { ZERO_ADDRESS } from '@shm/contracts';
import { gatedAccess, grantsWithCatchUp } from './access-policy';

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

describe('grants caught up from the events calc has not handled yet', () => {
  /** A copy that holds `paid`, and the unhandled events that would add `pending` to it. */
  const setup = (paid: Set<string>, pending: string[], fail = false) => {
    let reads = 0;
    const copy = { hasValidGrant: async (w: string) => paid.has(w) };
    const events = {
      catchUp: async (asked: string) => {
        reads += 1;
        if (fail) throw new Error('ECONNREFUSED');
        if (pending.includes(asked)) paid.add(asked);
      },
    };
    return { copy, events, reads: () => reads };
  };

  it('when the copy says not paid but a confirmation is waiting in the stream, then access is given and the copy keeps it', async () => {
    const paid = new Set<string>();
    const { copy, events, reads } = setup(paid, [wallet]);
    const access = grantsWithCatchUp(copy, events);
    expect(await access.hasValidGrant(wallet)).toBe(true);
    expect(await access.hasValidGrant(wallet)).toBe(true);
    expect({ reads: reads(), kept: paid.has(wallet) }).toEqual({ reads: 1, kept: true });
  });

  it('when nothing is waiting or the streams cannot be read, then the answer is no, and they are not read again within the negative TTL', async () => {
    const errors: unknown[] = [];
    const unpaid = setup(new Set(), []);
    const none = grantsWithCatchUp(unpaid.copy, unpaid.events, { negativeTtlMs: 60_000 });
    expect([await none.hasValidGrant(wallet), await none.hasValidGrant(wallet)]).toEqual([false, false]);
    const down = setup(new Set(), [wallet], true);
    const failing = grantsWithCatchUp(down.copy, down.events, { onError: (err: unknown) => errors.push(err), negativeTtlMs: 60_000 });
    expect([await failing.hasValidGrant(wallet), await failing.hasValidGrant(wallet)]).toEqual([false, false]);
    expect({ unpaidReads: unpaid.reads(), downReads: down.reads(), errors: errors.length }).toEqual({ unpaidReads: 1, downReads: 1, errors: 1 });
  });
});
