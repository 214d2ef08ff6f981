import { randomUUID } from 'node:crypto';
import type { NetworkDataReply, ShmPriceReply } from '@shm/contracts';
import { startArchiverAndPriceStandIn } from '../../../infra/stand-ins/archiver-and-price';
import { closedUrl, startNetwork } from './support/network-under-test';

jest.setTimeout(30_000);

describe('restarting the network service (real Redis)', () => {
  it('when the service is stopped and a new instance starts on the same prefix, then GET answers the last snapshot before any poll', async () => {
    const prefix = `test-network-${randomUUID()}:`;
    const archiver = await startArchiverAndPriceStandIn({ network: { active: 321, foundation: 300, standby: 99 } });
    const first = await startNetwork({ ARCHIVER_URLS: archiver.url, PRICE_API_URL: `${archiver.url}/api/v3/simple/price`, REDIS_KEY_PREFIX: prefix });
    const stored = await first.service.pollNetworkNow();
    await first.service.pollPriceNow();
    await first.stop({ keepData: true });
    await archiver.close();

    // Nothing answers any more, and the new instance does not poll.
    const down = await closedUrl();
    const second = await startNetwork({ ARCHIVER_URLS: down, PRICE_API_URL: `${down}/api/v3/simple/price`, REDIS_KEY_PREFIX: prefix });
    try {
      const network = await second.get<NetworkDataReply>('/api/shardeum-network');
      const price = await second.get<ShmPriceReply>('/api/shm-price');

      expect(network.status).toBe(200);
      expect(network.body.data).toEqual(stored);
      expect(network.body.data).toMatchObject({ totalNodes: 321, activeSlots: 21, standbyNodes: 99 });
      expect(price.body.price).toBe(0.1172);
    } finally {
      await second.stop();
    }
  });
});
