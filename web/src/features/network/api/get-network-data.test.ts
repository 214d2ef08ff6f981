import { mockFetch } from '../../../testing/mock-fetch';
import { sampleNetworkData } from '../../../testing/network-data';
import { getNetworkData } from './get-network-data';

const data = sampleNetworkData();

afterEach(() => jest.restoreAllMocks());

describe('getNetworkData', () => {
  it('when the server answers, then the data field is returned', async () => {
    const fetchMock = mockFetch({ status: 200, body: { data } });
    expect(await getNetworkData()).toEqual(data);
    expect(fetchMock).toHaveBeenCalledWith('/api/shardeum-network', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });

  it('when the server answers 503, then it raises with the status and body text', async () => {
    mockFetch({ status: 503, text: 'not yet' });
    await expect(getNetworkData()).rejects.toThrow('503: not yet');
  });

  it('when the reply lacks a field, then it raises', async () => {
    mockFetch({ status: 200, body: { data: { ...data, totalNodes: undefined } } });
    await expect(getNetworkData()).rejects.toThrow();
  });
});
