import { archiverClient } from './archiver.client';
import { archiverWire, newKey } from './fixtures/archiver-signing';
import { stubServer, type StubReply } from './fixtures/stub-server';

const limits = { timeoutMs: 2000, maxBytes: 1_000_000 };
const seedKey = newKey();
const otherKey = newKey();

let reply: () => StubReply;
let server: Awaited<ReturnType<typeof stubServer>>;
beforeAll(async () => {
  server = await stubServer(() => reply());
});
afterAll(() => server.close());

const client = archiverClient(limits);
/** The seed itself as `/archivers` lists it (shardeum/archiver src/API.ts: publicKey, ip, port). */
const self = () => ({ publicKey: seedKey.publicKey, ip: '127.0.0.1', port: server.port });
const other = { publicKey: otherKey.publicKey, ip: '2001:db8::7', port: 4000 };

describe('archiverClient.archivers', () => {
  it('when the seed is pinned and the list is signed by that key, then every listed archiver becomes an endpoint', async () => {
    reply = () => ({ body: archiverWire({ activeArchivers: [self(), other, { publicKey: 'c'.repeat(64), ip: 'archiver.example.org', port: 443 }] }, seedKey) });
    const endpoints = await client.archivers({ url: server.url, publicKey: seedKey.publicKey });
    expect(endpoints).toEqual([
      { url: `http://127.0.0.1:${server.port}`, publicKey: seedKey.publicKey },
      { url: 'http://[2001:db8::7]:4000', publicKey: otherKey.publicKey },
      { url: 'http://archiver.example.org:443', publicKey: 'c'.repeat(64) },
    ]);
  });

  it('when the seed is pinned and the list is signed by another key, then it is refused', async () => {
    reply = () => ({ body: archiverWire({ activeArchivers: [self(), other] }, otherKey) });
    await expect(client.archivers({ url: server.url, publicKey: seedKey.publicKey })).rejects.toThrow(/archivers: signed by/);
  });

  it('when the seed is unpinned and the list is signed by the archiver it lists at the seed address, then it is accepted', async () => {
    reply = () => ({ body: archiverWire({ activeArchivers: [self(), other] }, seedKey) });
    await expect(client.archivers({ url: server.url })).resolves.toHaveLength(2);
  });

  it('when the seed is unpinned and the signer is listed at another address, then it is refused', async () => {
    reply = () => ({ body: archiverWire({ activeArchivers: [self(), other] }, otherKey) });
    await expect(client.archivers({ url: server.url })).rejects.toThrow(/not signed by an archiver it lists at 127\.0\.0\.1:/);
  });

  it('when a listed archiver has an address that is not a host, then the list is refused', async () => {
    reply = () => ({ body: archiverWire({ activeArchivers: [self(), { ...other, ip: 'evil.example/path' }] }, seedKey) });
    await expect(client.archivers({ url: server.url, publicKey: seedKey.publicKey })).rejects.toThrow(/activeArchivers\.1\.ip/);
  });

  it('when a listed port is out of range, then the list is refused', async () => {
    reply = () => ({ body: archiverWire({ activeArchivers: [self(), { ...other, port: 70_000 }] }, seedKey) });
    await expect(client.archivers({ url: server.url, publicKey: seedKey.publicKey })).rejects.toThrow(/activeArchivers\.1\.port/);
  });
});
