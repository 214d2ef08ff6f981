import { FLAGS_OFF, getFeatureFlags, parseFeatureFlags } from './get-feature-flags';
import { mockFetch } from '../../../testing/mock-fetch';

describe('parseFeatureFlags', () => {
  it('when the reply has success true and flags, then each named flag is read', () => {
    const flags = parseFeatureFlags({ success: true, flags: { networkData: true, confetti: false, extra: true } });
    expect(flags).toEqual({ ...FLAGS_OFF, networkData: true });
  });

  it('when a flag is not exactly true, then it is off', () => {
    expect(parseFeatureFlags({ success: true, flags: { paymentGate: 'yes', confetti: 1 } })).toEqual(FLAGS_OFF);
  });

  it.each([[null], [{}], [{ success: false, flags: {} }], [{ success: true }], [{ success: true, flags: null }]])(
    'when the reply is %p, then it is an invalid response format',
    (reply) => {
      expect(() => parseFeatureFlags(reply)).toThrow('Invalid response format');
    },
  );
});

describe('getFeatureFlags', () => {
  afterEach(() => jest.restoreAllMocks());

  it('when the endpoint does not exist yet, then the call fails with the status', async () => {
    mockFetch({ status: 404, statusText: 'Not Found', text: '' });
    await expect(getFeatureFlags()).rejects.toThrow('404: Not Found');
  });
});
