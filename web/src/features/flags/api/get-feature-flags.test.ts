import { FLAGS_OFF, getFeatureFlags } from './get-feature-flags';
import { mockFetch } from '../../../testing/mock-fetch';

describe('getFeatureFlags', () => {
  afterEach(() => jest.restoreAllMocks());

  it('when the reply has success true and every flag, then each is read and any other field is dropped', async () => {
    mockFetch({ status: 200, body: { success: true, flags: { ...FLAGS_OFF, networkData: true, extra: true } } });
    await expect(getFeatureFlags()).resolves.toEqual({ paymentGate: false, confetti: false, networkData: true, personalizedDashboard: false });
  });

  it.each([
    ['null', null],
    ['empty', {}],
    ['success false', { success: false, flags: FLAGS_OFF }],
    ['without flags', { success: true }],
    ['flags null', { success: true, flags: null }],
  ])('when the reply is %s, then it is an invalid response format', async (_what, reply) => {
    mockFetch({ status: 200, body: reply });
    await expect(getFeatureFlags()).rejects.toThrow('Invalid response format');
  });

  it('when a flag is missing or not exactly true, then it is off and the others are read (spec §5: success true and a flags object make a valid reply)', async () => {
    mockFetch({ status: 200, body: { success: true, flags: { paymentGate: 'yes', networkData: true } } });
    await expect(getFeatureFlags()).resolves.toEqual({ paymentGate: false, confetti: false, networkData: true, personalizedDashboard: false });
  });

  it('when the endpoint does not exist yet, then the call fails with the status', async () => {
    mockFetch({ status: 404, statusText: 'Not Found', text: '' });
    await expect(getFeatureFlags()).rejects.toThrow('404: Not Found');
  });
});
