import { mockFetch } from '../../../testing/mock-fetch';
import { createDestination } from './create-destination';
import { deleteDestination } from './delete-destination';
import { getAlerts } from './get-alerts';
import { rotateDestinationSecret } from './rotate-destination-secret';
import { testDestination } from './test-destination';

afterEach(() => jest.restoreAllMocks());

const destination = {
  id: 'd1',
  walletAddress: '0xabc',
  channel: 'webhook',
  label: 'Ops',
  urlPreview: 'https://hooks.example.com/…',
  chatId: null,
  signed: true,
  createdAt: '2026-03-10T08:00:00.000Z',
};
const SECRET = `whsec_${'A'.repeat(43)}=`;
const delivery = {
  id: 'test:u1:d1',
  destinationId: 'd1',
  notificationId: null,
  status: 'pending',
  attempts: 0,
  lastError: null,
  test: true,
  createdAt: '2026-03-10T08:00:00.000Z',
  updatedAt: '2026-03-10T08:00:00.000Z',
};

describe('alerts API', () => {
  it('when the alerts are asked for, then GET /api/dashboard/alerts with the cookie, and the reply parsed', async () => {
    const fetchMock = mockFetch({ status: 200, body: { success: true, destinations: [destination], notifications: [], deliveries: [delivery] } });
    const reply = await getAlerts();
    expect(reply.destinations[0]?.label).toBe('Ops');
    expect(reply.deliveries[0]?.status).toBe('pending');
    expect(fetchMock).toHaveBeenCalledWith('/api/dashboard/alerts', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });

  it('when a destination is created, then POST with the JSON body, and the destination and its secret back', async () => {
    const fetchMock = mockFetch({ status: 201, body: { success: true, destination, secret: SECRET } });
    const body = { channel: 'webhook' as const, url: 'https://hooks.example.com/a', label: 'Ops' };
    expect(await createDestination(body)).toEqual({ destination, secret: SECRET });
    expect(fetchMock).toHaveBeenCalledWith('/api/dashboard/alerts/destinations', expect.objectContaining({ method: 'POST', body: JSON.stringify(body) }));
  });

  it('when the server refuses the URL, then the 400 is raised with its body for the field messages', async () => {
    mockFetch({ status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'Invalid', requestId: 'r', fields: { url: 'Must not point to a private address' } } } });
    await expect(createDestination({ channel: 'webhook', url: 'https://10.0.0.1/' })).rejects.toMatchObject({ status: 400 });
  });

  it('when one is deleted or tested, then DELETE and POST …/test on its id', async () => {
    const deleted = mockFetch({ status: 200, body: { success: true, deletedId: 'd1' } });
    expect(await deleteDestination('d1')).toEqual({ success: true, deletedId: 'd1' });
    expect(deleted).toHaveBeenCalledWith('/api/dashboard/alerts/destinations/d1', expect.objectContaining({ method: 'DELETE' }));
    jest.restoreAllMocks();
    const tested = mockFetch({ status: 202, body: { success: true, delivery } });
    expect(await testDestination('d1')).toEqual(delivery);
    expect(tested).toHaveBeenCalledWith('/api/dashboard/alerts/destinations/d1/test', expect.objectContaining({ method: 'POST' }));
  });

  it('when a secret is rotated, then POST …/rotate-secret on its id and the new secret back', async () => {
    const rotated = mockFetch({ status: 200, body: { success: true, destinationId: 'd1', secret: SECRET } });
    expect(await rotateDestinationSecret('d1')).toBe(SECRET);
    expect(rotated).toHaveBeenCalledWith('/api/dashboard/alerts/destinations/d1/rotate-secret', expect.objectContaining({ method: 'POST' }));
  });
});
