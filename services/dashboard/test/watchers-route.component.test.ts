import { randomUUID } from 'node:crypto';
import { IDENTITY_HEADER, dashboardInternalContract, type WatchersReply } from '@shm/contracts';
import { signIdentity } from '@shm/platform';
import { errorOf, readJson } from '@shm/platform/testing';
import { SECRET, newWallet, signedIn, startDashboard, type DashboardUnderTest } from './support/dashboard-under-test';
import { entryBody } from './support/samples';

// The internal route the alerts service asks (docs/alerts.md, "Who is told"), with the flag off: node
// changes alert whatever the flag, as they did when alerts ran inside the dashboard.
let dash: DashboardUnderTest;
beforeAll(async () => {
  dash = await startDashboard({ flagOn: false });
});
afterAll(() => dash.stop());

const newKey = () => (randomUUID() + randomUUID()).replace(/-/g, '');
const ask = async (body: unknown, token?: string) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers[IDENTITY_HEADER] = token;
  const res = await fetch(`${dash.server.url}${dashboardInternalContract.watchers.path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: await readJson<WatchersReply>(res) };
};
async function link(wallet: string, key: string, label?: string): Promise<string> {
  const at = new Date().toISOString();
  const id = randomUUID();
  await dash.service.domain.portfolio.insert({ ...entryBody({ label }), label, nodePublicKey: key, id, walletAddress: wallet, createdAt: at, updatedAt: at });
  return id;
}

describe('the internal watchers route', () => {
  it('when a service with the internal secret asks for keys, then it gets every wallet linking them with the entry label, whatever the flag', async () => {
    const [a, b] = [newWallet(), newWallet()];
    const [watched, alone] = [newKey(), newKey()];
    const entryA = await link(a, watched, 'Rack 3');
    const entryB = await link(b, watched);
    await link(b, alone);
    const res = await ask({ publicKeys: [watched.toUpperCase(), newKey()] }, signIdentity({}, SECRET));
    expect(res.status).toBe(200);
    expect([...res.body.watchers].sort((x, y) => x.walletAddress.localeCompare(y.walletAddress))).toEqual(
      [
        { walletAddress: a, id: entryA, label: 'Rack 3', nodePublicKey: watched },
        { walletAddress: b, id: entryB, nodePublicKey: watched },
      ].sort((x, y) => x.walletAddress.localeCompare(y.walletAddress)),
    );
  });

  it("when the caller has no token, one signed with another secret or a wallet's token, then 401 and no watchers", async () => {
    for (const token of [undefined, signIdentity({}, 'another-secret-of-enough-length'), signedIn(newWallet())]) {
      const res = await ask({ publicKeys: [newKey()] }, token);
      expect({ status: res.status, code: errorOf(res).code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    }
  });

  it('when a key is not a node public key, then 400 names publicKeys', async () => {
    const res = await ask({ publicKeys: ['not-a-key'] }, signedIn(newWallet()));
    expect(res.status).toBe(400);
    expect(Object.keys(errorOf(res).fields ?? {})).toEqual(['publicKeys.0']);
  });
});
