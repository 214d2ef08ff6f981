import { isEip1193Provider, providerFailureMessage } from './provider-errors';

describe('providerFailureMessage', () => {
  it.each([
    [4900, 'Wallet connection is unstable. Please disconnect and reconnect your wallet.'],
    [4901, 'Wallet connection is unstable. Please disconnect and reconnect your wallet.'],
    [-32603, 'Wallet provider error. Please close and reopen your wallet app, then reconnect.'],
    [4001, null],
    [-32002, null],
    [undefined, null],
  ])('when a wallet request fails with code %p, then the text is %p', (code, text) => {
    expect(providerFailureMessage(Object.assign(new Error('x'), { code }))).toBe(text);
  });
});

describe('isEip1193Provider', () => {
  it('when an injected object has no request function, then it is not a usable provider', () => {
    expect(isEip1193Provider({})).toBe(false);
    expect(isEip1193Provider({ request: 'no' })).toBe(false);
    expect(isEip1193Provider(null)).toBe(false);
    expect(isEip1193Provider({ request: async () => null })).toBe(true);
  });
});
