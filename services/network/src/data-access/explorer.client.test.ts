import { explorerClient } from './explorer.client';
import { cycleData } from './fixtures/cycle-data';
import { stubServer, type StubReply } from './fixtures/stub-server';

const limits = { timeoutMs: 2000, maxBytes: 100_000 };
let reply: () => StubReply;
let server: Awaited<ReturnType<typeof stubServer>>;
beforeAll(async () => {
  server = await stubServer(() => reply());
});
afterAll(() => server.close());

describe('explorerClient', () => {
  it('when the explorer answers /api/cycleinfo (shardeum/explorer-server shape), then the latest record is read', async () => {
    const record = cycleData(42);
    reply = () => ({ body: JSON.stringify({ success: true, cycles: [{ cycleMarker: record.marker, counter: 42, cycleRecord: record }] }) });
    await expect(explorerClient(server.url, limits).cycleCounts()).resolves.toEqual({
      active: 255,
      standby: 412,
      syncing: 3,
      desired: 300,
      counter: 42,
      durationSeconds: 60,
    });
    expect(server.seen.at(-1)?.url).toBe('/api/cycleinfo?count=1');
  });

  it('when the explorer reports no success, then the call fails', async () => {
    reply = () => ({ body: JSON.stringify({ success: false, error: 'db down' }) });
    await expect(explorerClient(server.url, limits).cycleCounts()).rejects.toThrow(/explorer: unexpected reply/);
  });
});
