import { signIdentity, verifyIdentity } from './identity';

const SECRET = 'test-secret';

describe('identity tokens between the gateway and services', () => {
  it('when the gateway signs a wallet, then a service reads the same wallet back', () => {
    expect(verifyIdentity(signIdentity({ wallet: '0xabc' }, SECRET), SECRET)).toEqual({ wallet: '0xabc' });
  });

  it('when a client hand-writes or alters a token, then it is no identity', () => {
    const forged = `${Buffer.from(JSON.stringify({ wallet: '0xabc', exp: Date.now() + 1e6 })).toString('base64url')}.sig`;
    expect(verifyIdentity(forged, SECRET)).toBeNull();
    const real = signIdentity({ wallet: '0xabc' }, SECRET);
    const [, sig] = real.split('.');
    const swapped = `${Buffer.from(JSON.stringify({ wallet: '0xdef', exp: Date.now() + 1e6 })).toString('base64url')}.${sig}`;
    expect(verifyIdentity(swapped, SECRET)).toBeNull();
    expect(verifyIdentity(real, 'another-secret')).toBeNull();
    expect(verifyIdentity('garbage', SECRET)).toBeNull();
  });

  it('when a token is older than its lifetime, then it is refused', () => {
    const token = signIdentity({ wallet: '0xabc' }, SECRET, 1000, 0);
    expect(verifyIdentity(token, SECRET, 999)).toEqual({ wallet: '0xabc' });
    expect(verifyIdentity(token, SECRET, 1001)).toBeNull();
  });
});
