import { parseSiweMessage } from '@shm/contracts';
import { buildSignInMessage } from './ensure-signed-in';

describe('buildSignInMessage', () => {
  it('when built from a nonce reply, then it parses back with the server’s domain, URI, chain id, nonce and the checksummed address', () => {
    const nonce = {
      success: true as const,
      nonce: 'k3Jd9sPq0aLm2ZxY',
      domain: 'localhost:8080',
      uri: 'http://localhost:8080',
      chainId: 8118,
      expiresAt: '2026-01-01T00:05:00.000Z',
    };
    const text = buildSignInMessage(nonce, '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc', new Date('2026-01-01T00:00:00.000Z'));
    expect(parseSiweMessage(text)).toMatchObject({
      domain: 'localhost:8080',
      address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      uri: 'http://localhost:8080',
      version: '1',
      chainId: 8118,
      nonce: 'k3Jd9sPq0aLm2ZxY',
      issuedAt: '2026-01-01T00:00:00.000Z',
      expirationTime: '2026-01-01T00:05:00.000Z',
    });
    expect(text.split('\n')[0]).toBe('localhost:8080 wants you to sign in with your Ethereum account:');
  });
});
