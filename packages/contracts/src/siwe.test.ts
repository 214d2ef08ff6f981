import { buildSiweMessage, parseSiweMessage, type SiweMessage } from './siwe';

const message: SiweMessage = {
  domain: 'localhost:8080',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  statement: 'Sign in to the Shardeum node calculator.',
  uri: 'http://localhost:8080',
  version: '1',
  chainId: 8118,
  nonce: 'a1B2c3D4e5F6g7H8',
  issuedAt: '2026-01-01T00:00:00.000Z',
  expirationTime: '2026-01-01T00:05:00.000Z',
};

describe('EIP-4361 messages', () => {
  it('when a message is built, then it has the EIP layout and parses back to the same fields', () => {
    const text = buildSiweMessage(message);
    expect(text).toBe(
      [
        'localhost:8080 wants you to sign in with your Ethereum account:',
        '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        '',
        'Sign in to the Shardeum node calculator.',
        '',
        'URI: http://localhost:8080',
        'Version: 1',
        'Chain ID: 8118',
        'Nonce: a1B2c3D4e5F6g7H8',
        'Issued At: 2026-01-01T00:00:00.000Z',
        'Expiration Time: 2026-01-01T00:05:00.000Z',
      ].join('\n'),
    );
    expect(parseSiweMessage(text)).toEqual(message);
  });

  it('when there is no statement and optional fields are set, then they round-trip', () => {
    const { statement: _s, ...rest } = message;
    const full = { ...rest, notBefore: '2026-01-01T00:00:00Z', requestId: 'admin' };
    expect(parseSiweMessage(buildSiweMessage(full))).toEqual(full);
  });

  it.each([
    ['another header', (t: string) => t.replace('wants you to sign in', 'asks you to sign in')],
    ['a bad address', (t: string) => t.replace('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x123')],
    ['a short nonce', (t: string) => t.replace('a1B2c3D4e5F6g7H8', 'abc')],
    ['a non-alphanumeric nonce', (t: string) => t.replace('a1B2c3D4e5F6g7H8', 'a1B2c3D4-5F6g7H8')],
    ['version 2', (t: string) => t.replace('Version: 1', 'Version: 2')],
    ['a chain id that is not a number', (t: string) => t.replace('Chain ID: 8118', 'Chain ID: 81x8')],
    ['an extra line', (t: string) => `${t}\nResources:`],
    ['fields out of order', (t: string) => t.replace('Version: 1\nChain ID: 8118', 'Chain ID: 8118\nVersion: 1')],
    ['a date that is not a date', (t: string) => t.replace('2026-01-01T00:05:00.000Z', 'tomorrow')],
  ])('when the message has %s, then it does not parse', (_name, mutate) => {
    expect(parseSiweMessage(mutate(buildSiweMessage(message)))).toBeNull();
  });
});
