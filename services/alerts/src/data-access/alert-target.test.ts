import { checkTarget, refusedRange, resolveWithin, type Resolve } from './alert-target';

/** A resolver that answers from a fixed table (no DNS in unit tests). */
const table =
  (answers: Record<string, string[]>): Resolve =>
  async (host) => (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

const strict = (answers: Record<string, string[]> = {}) => ({ strict: true, resolve: table(answers) });
const refusal = (url: string, answers: Record<string, string[]> = {}) =>
  checkTarget(url, strict(answers)).then(
    () => null,
    (err: unknown) => (err instanceof Error ? err.message : String(err)),
  );

describe('which addresses alerts may not reach', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['100.127.255.255', 'shared (carrier-grade NAT)'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['169.254.0.1', 'link-local (cloud metadata)'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['224.0.0.251', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['2001:db8::1', 'documentation'],
    // IPv4 inside IPv6: the IPv4 address is what counts.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local (cloud metadata)'],
    ['::ffff:10.1.2.3', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['fe80::1%eth0', 'link-local'],
  ])('when the address is %s, then it is %s', (address, what) => {
    expect(refusedRange(address)).toBe(what);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '172.15.255.255', // just below 172.16/12
    '172.32.0.1', // just above it
    '100.63.255.255', // just below 100.64/10
    '100.128.0.0', // just above it
    '169.253.255.255',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80e::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('when the address is %s, then it is public', (address) => {
    expect(refusedRange(address)).toBeNull();
  });
});

describe('destination URLs in production (strict)', () => {
  it.each([
    ['https://127.0.0.1/hook', 'Must not point to a loopback address (127.0.0.1)'],
    ['https://[::1]/hook', 'Must not point to a loopback address (::1)'],
    ['https://10.0.0.5/hook', 'Must not point to a private address (10.0.0.5)'],
    ['https://172.16.3.4/hook', 'Must not point to a private address (172.16.3.4)'],
    ['https://192.168.0.1/hook', 'Must not point to a private address (192.168.0.1)'],
    ['https://169.254.169.254/latest/meta-data', 'Must not point to a link-local (cloud metadata) address (169.254.169.254)'],
    ['https://[fe80::1]/hook', 'Must not point to a link-local address (fe80::1)'],
    ['https://[::ffff:127.0.0.1]/hook', 'Must not point to a loopback address (::ffff:7f00:1)'],
    // The URL parser reads these as 127.0.0.1 too.
    ['https://2130706433/hook', 'Must not point to a loopback address (127.0.0.1)'],
    ['https://0x7f.1/hook', 'Must not point to a loopback address (127.0.0.1)'],
  ])('when the URL is %s, then it is refused: %s', async (url, message) => {
    expect(await refusal(url)).toBe(message);
  });

  it('when a name resolves to a private address, then it is refused, naming both', async () => {
    expect(await refusal('https://hooks.example.com/x', { 'hooks.example.com': ['10.1.2.3'] })).toBe('Must not point to a private address (hooks.example.com is 10.1.2.3)');
  });

  it('when a name resolves to the metadata address, then it is refused', async () => {
    expect(await refusal('https://metadata.example.com/', { 'metadata.example.com': ['169.254.169.254'] })).toMatch(/link-local/);
  });

  it('when a name resolves to public and private addresses, then one private address is enough to refuse it', async () => {
    expect(await refusal('https://mixed.example.com/', { 'mixed.example.com': ['93.184.216.34', '2606:2800:220:1::1', '::1'] })).toBe(
      'Must not point to a loopback address (mixed.example.com is ::1)',
    );
  });

  it('when a name resolves to nothing, then it is refused', async () => {
    expect(await refusal('https://nowhere.example.com/')).toBe('Must name a host that resolves (nowhere.example.com does not)');
  });

  it('when the URL is http, then it is refused before any lookup', async () => {
    const resolve = jest.fn(table({ 'hooks.example.com': ['93.184.216.34'] }));
    await expect(checkTarget('http://hooks.example.com/x', { strict: true, resolve })).rejects.toThrow('Must use https');
    expect(resolve).not.toHaveBeenCalled();
  });

  it('when the URL is not http(s) or not a URL, then it is refused', async () => {
    expect(await refusal('ftp://files.example.com/')).toBe('Must be an http(s) URL');
    expect(await refusal('not a url')).toBe('Must be a URL');
  });

  it('when a name resolves to public addresses only, then the first one is where to connect, and the name is kept for Host and TLS', async () => {
    const target = await checkTarget('https://hooks.example.com:8443/a/b?c=1', strict({ 'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'] }));
    expect({ host: target.host, address: target.address, family: target.family, port: target.url.port }).toEqual({
      host: 'hooks.example.com',
      address: '93.184.216.34',
      family: 4,
      port: '8443',
    });
  });
});

describe('destination URLs in development (not strict)', () => {
  it('when the URL is http on loopback, then it is allowed (local receivers)', async () => {
    const target = await checkTarget('http://127.0.0.1:9000/hook', { strict: false, resolve: table({}) });
    expect(target.address).toBe('127.0.0.1');
  });
});

describe('name lookups', () => {
  it('when the resolver does not answer in time, then the name counts as not resolving', async () => {
    const never: Resolve = () => new Promise(() => {});
    const started = Date.now();
    await expect(checkTarget('https://slow.example.com/', { strict: true, resolve: resolveWithin(never, 100) })).rejects.toThrow(
      'Must name a host that resolves (slow.example.com does not)',
    );
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
