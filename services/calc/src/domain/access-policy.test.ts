import { ZERO_ADDRESS } from '@shm/contracts';
import { gatedAccess } from './access-policy';

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
