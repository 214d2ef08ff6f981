import { dashboardContract } from '@shm/contracts';
import { errorOf } from '@shm/platform/testing';
import { newWallet, startAlerts, type AlertsUnderTest } from './support/alerts-under-test';

let alerts: AlertsUnderTest;
beforeAll(async () => {
  alerts = await startAlerts({ flagOn: false });
});
afterAll(() => alerts.stop());

describe('the personalizedDashboard flag', () => {
  it('when the flag is off, then the alert routes answer 403 FEATURE_DISABLED, even to a signed-in wallet; when turned on, the same calls work', async () => {
    const wallet = newWallet();
    const calls: [string, string, unknown?][] = [
      ['GET', dashboardContract.alerts.path],
      ['POST', dashboardContract.createDestination.path, { channel: 'webhook', url: 'http://127.0.0.1:9/hook' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await alerts.call(method, path, { wallet, body });
      expect({ path, status: res.status, error: errorOf(res) }).toEqual({
        path,
        status: 403,
        error: { code: 'FEATURE_DISABLED', message: 'The personalised dashboard is turned off', requestId: expect.any(String) as unknown },
      });
    }
    await alerts.setFlag(true);
    for (const [method, path, body] of calls) expect((await alerts.call(method, path, { wallet, body })).status).toBeLessThan(300);
  });
});
