import { dashboardRoutes, pathOf, type ProfilesReply } from '@shm/contracts';
import { errorOf } from '@shm/platform/testing';
import { newWallet, startDashboard, type DashboardUnderTest } from './support/dashboard-under-test';
import { entryBody, profileBody, scenarioBody } from './support/samples';

let dash: DashboardUnderTest;
beforeAll(async () => {
  dash = await startDashboard({ flagOn: false });
});
afterAll(() => dash.stop());

describe('the personalizedDashboard flag', () => {
  it('when the flag is off, then every route answers 403 FEATURE_DISABLED, even to a signed-in wallet; when turned on, the same calls work', async () => {
    const wallet = newWallet();
    const calls: [string, string, unknown?][] = [
      ['GET', dashboardRoutes.profiles.path],
      ['POST', dashboardRoutes.profiles.path, profileBody('off')],
      ['GET', pathOf(dashboardRoutes.portfolio, { address: wallet })],
      ['POST', dashboardRoutes.createEntry.path, entryBody()],
      ['GET', pathOf(dashboardRoutes.scenarios, { address: wallet })],
      ['POST', dashboardRoutes.saveScenario.path, scenarioBody('off')],
      ['GET', dashboardRoutes.alerts.path],
      ['POST', dashboardRoutes.createDestination.path, { channel: 'webhook', url: 'http://127.0.0.1:9/hook' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await dash.call(method, path, { wallet, body });
      expect({ path, status: res.status, error: errorOf(res) }).toEqual({
        path,
        status: 403,
        error: { code: 'FEATURE_DISABLED', message: 'The personalised dashboard is turned off', requestId: expect.any(String) as unknown },
      });
    }
    await dash.setFlag(true);
    for (const [method, path, body] of calls) expect((await dash.call(method, path, { wallet, body })).status).toBeLessThan(300);
    await dash.setFlag(false);
    expect((await dash.call<ProfilesReply>('GET', dashboardRoutes.profiles.path, { wallet })).status).toBe(403);
  });
});
