import { Wallet } from 'ethers';
import { buildSiweMessage, type SiweMessage } from '@shm/contracts';
import { checkSignedMessage, expectationsFrom } from './signed-message';

const wallet = new Wallet('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const expected = expectationsFrom('http://localhost:8080', 8118);
const NOW = Date.parse('2026-01-01T00:01:00.000Z');
const base: SiweMessage = {
  domain: 'localhost:8080',
  address: wallet.address,
  uri: 'http://localhost:8080/shm/admin',
  version: '1',
  chainId: 8118,
  nonce: 'abcdef0123456789',
  issuedAt: '2026-01-01T00:00:00.000Z',
  expirationTime: '2026-01-01T00:05:00.000Z',
};

async function check(changes: Partial<SiweMessage> = {}, signer: { signMessage(m: string): Promise<string> } = wallet) {
  const text = buildSiweMessage({ ...base, ...changes });
  return checkSignedMessage(text, await signer.signMessage(text), expected, NOW);
}

describe('checkSignedMessage', () => {
  it('when everything matches, then the signer is the lower-case address', async () => {
    expect(await check()).toMatchObject({ ok: true, signer: wallet.address.toLowerCase() });
  });

  it.each<[string, Partial<SiweMessage>, string]>([
    ['another domain', { domain: 'evil.example' }, 'domain'],
    ['a URI on another origin', { uri: 'https://localhost:8080/' }, 'uri'],
    ['another chain', { chainId: 8083 }, 'chain'],
    ['an expiry in the past', { expirationTime: '2026-01-01T00:00:30.000Z' }, 'expired'],
    ['an issue time in the future', { issuedAt: '2026-01-01T00:10:00.000Z' }, 'not-yet-valid'],
    ['a not-before in the future', { notBefore: '2026-01-01T00:02:00.000Z' }, 'not-yet-valid'],
  ])('when the message names %s, then it is refused as %s', async (_name, changes, problem) => {
    expect(await check(changes)).toEqual({ ok: false, problem });
  });

  it('when the message has no Expiration Time (optional in EIP-4361), then the message itself is accepted: its nonce bounds it', async () => {
    // Long after its issue time, too: how late it may come is the single-use nonce's 5 minutes, checked by the caller.
    const text = buildSiweMessage({ ...base, expirationTime: undefined });
    expect(text).not.toMatch(/Expiration Time/);
    const later = NOW + 24 * 3600_000;
    expect(checkSignedMessage(text, await wallet.signMessage(text), expected, later)).toMatchObject({ ok: true, signer: wallet.address.toLowerCase() });
  });

  it('when another key signs, or the signature is garbage, then it is a signature problem', async () => {
    expect(await check({}, Wallet.createRandom())).toEqual({ ok: false, problem: 'signature' });
    expect(checkSignedMessage(buildSiweMessage(base), '0x1234', expected, NOW)).toEqual({ ok: false, problem: 'signature' });
  });

  it('when the text is not an EIP-4361 message, then it is malformed', () => {
    expect(checkSignedMessage('hello', '0x', expected, NOW)).toEqual({ ok: false, problem: 'malformed' });
  });
});
