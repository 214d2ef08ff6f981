import { dashboardContract, pathOf, type ProfilesReply } from '@shm/contracts';
import { errorOf } from '@shm/platform/testing';
import { newWallet, startDashboard, type DashboardUnderTest } from './support/dashboard-under-test';
import { entryBody, profileBody, scenarioBody } from './support/samples';

let dash: DashboardUnderTest;
beforeAll(async () => {
  dash = await startDashboard({ flagOn: false });
});
afterAll(() => dash.stop());

describe('the personalizedDashboard flag', () => {
  it('when the flag is off, then every route answers 403 (the alert routes: services/alerts) FEATURE_DISABLED, even to a signed-in wallet; when turned on, the same calls work', async () => {
    const wallet = newWallet();
    const calls: [string, string, unknown?][] = [
      ['GET', dashboardContract.profiles.path],
      ['POST', dashboardContract.profiles.path, profileBody('off')],
      ['GET', pathOf(dashboardContract.portfolio, { address: wallet })],
      ['POST', dashboardContract.createEntry.path, entryBody()],
      ['GET', pathOf(dashboardContract.scenarios, { address: wallet })],
      ['POST', dashboardContract.saveScenario.path, scenarioBody('off')],
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
    expect((await dash.call<ProfilesReply>('GET', dashboardContract.profiles.path, { wallet })).status).toBe(403);
  });
});
