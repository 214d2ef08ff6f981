import { archiverAcceptsRequest, archiverWire, newKey } from './fixtures/archiver-signing';
import { initShardusCrypto, requestKeyFromSecret, signRequest, UntrustedReplyError, verifySigned } from './shardus-crypto';

initShardusCrypto();

describe('shardus crypto', () => {
  it('when a request body is signed, then the archiver check (sender is the signer, signature holds) passes', () => {
    const key = newKey();
    const body = signRequest({ start: 5, end: 9 }, key);
    expect(body.sender).toBe(key.publicKey);
    expect(archiverAcceptsRequest(JSON.parse(JSON.stringify(body)) as typeof body)).toBe(true);
  });

  it('when only a secret key is configured, then its public half is the key the archiver sees', () => {
    const key = newKey();
    expect(requestKeyFromSecret(key.secretKey)).toEqual(key);
    expect(() => requestKeyFromSecret('abc')).toThrow(/128 hex/);
  });

  it('when the crypto library is asked for another hash key, then it is refused', () => {
    expect(() => initShardusCrypto('1'.repeat(64))).toThrow(/another hash key/);
  });

  it('when a reply is an array or null, then it is untrusted', () => {
    expect(() => verifySigned([], 'a'.repeat(64))).toThrow(UntrustedReplyError);
    expect(() => verifySigned(null, 'a'.repeat(64))).toThrow(/not a signed object/);
  });

  it('when the expected owner is given in upper case, then a reply signed by that key is still accepted', () => {
    const key = newKey();
    expect(() => verifySigned(JSON.parse(archiverWire({ a: 1 }, key)), key.publicKey.toUpperCase())).not.toThrow();
  });
});
