import { mockFetch } from '../../../testing/mock-fetch';
import { getNetworkHistory, networkHistoryQueryOptions } from './get-network-history';

const reply = {
  range: '7d',
  bucketSeconds: 3600,
  points: [{ t: '2026-11-25T11:00:00.000Z', active: 255, standby: 412, community: 22, priceUsd: 0.1172, estimate: false }],
};

afterEach(() => jest.restoreAllMocks());

describe('getNetworkHistory', () => {
  it('when asked for a range, then it calls the history route with it and returns the parsed reply', async () => {
    const fetchMock = mockFetch({ status: 200, body: reply });
    expect(await getNetworkHistory('7d')).toEqual(reply);
    expect(fetchMock).toHaveBeenCalledWith('/api/shardeum-network/history?range=7d', expect.objectContaining({ method: 'GET' }));
  });

  it('when a point is malformed, then it raises', async () => {
    mockFetch({ status: 200, body: { ...reply, points: [{ ...reply.points[0], active: -1 }] } });
    await expect(getNetworkHistory('7d')).rejects.toThrow();
  });

  it('when the query is built, then it is keyed by range and follows the network timings (5 min refetch, 2 min fresh)', () => {
    const options = networkHistoryQueryOptions('30d');
    expect(options.queryKey).toEqual(['network-history', '30d']);
    expect(options.refetchInterval).toBe(300_000);
    expect(options.staleTime).toBe(120_000);
  });
});
