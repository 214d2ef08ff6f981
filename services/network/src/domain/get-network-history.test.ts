import type { HistoryRange, NetworkHistoryReply } from '@shm/contracts';
import { getNetworkHistory } from './get-network-history';
import type { NetworkHistoryStore } from './ports';

/** A store that answers one hourly point per range asked, and remembers what it was asked. */
function memory(): NetworkHistoryStore & { asked: [HistoryRange, string][] } {
  const asked: [HistoryRange, string][] = [];
  return {
    asked,
    record: async () => undefined,
    rollUp: async () => undefined,
    read: async (range, now): Promise<NetworkHistoryReply> => {
      asked.push([range, now.toISOString()]);
      return { range, bucketSeconds: 3600, points: [{ t: '2025-11-21T10:00:00.000Z', active: 255, standby: 412, community: 22, priceUsd: null, estimate: false }] };
    },
  };
}

describe('getNetworkHistory', () => {
  it('when a range is asked, then the store reads that range up to now and its reply is answered as is', async () => {
    const store = memory();
    const now = new Date('2025-11-21T10:30:00.000Z');
    const reply = await getNetworkHistory(store, { range: '30d' }, now);
    expect(store.asked).toEqual([['30d', '2025-11-21T10:30:00.000Z']]);
    expect(reply.range).toBe('30d');
    expect(reply.points.map((p) => p.t)).toEqual(['2025-11-21T10:00:00.000Z']);
  });
});
