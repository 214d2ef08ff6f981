import { dashboardContract, pathOf, type DeleteProfileReply, type ProfileReply, type ProfilesReply } from '@shm/contracts';
import { newWallet, startDashboard, type DashboardUnderTest } from './support/dashboard-under-test';
import { profileBody } from './support/samples';

jest.setTimeout(120_000);

let dash: DashboardUnderTest;
beforeAll(async () => {
  dash = await startDashboard();
});
afterAll(() => dash.stop());

const list = async (wallet: string) => {
  const res = await dash.call<ProfilesReply>('GET', dashboardContract.profiles.path, { wallet });
  expect(res.status).toBe(200);
  return res.body.profiles as { id: string; isDefault: boolean }[];
};

describe('exactly one default profile per wallet, under real concurrency (FerretDB, Redis lock)', () => {
  it('when 20 creations, 10 set-defaults and 10 deletions run at once, then every observed list with profiles has exactly one default, and so does the end state', async () => {
    const wallet = newWallet();
    // Ten profiles to start from, so set-defaults and deletions have targets from the first moment.
    const seed: string[] = [];
    for (let i = 0; i < 10; i += 1) seed.push((await dash.call<ProfileReply>('POST', dashboardContract.profiles.path, { wallet, body: profileBody(`seed ${i}`) })).body.profile.id);

    const observed: { count: number; defaults: number }[] = [];
    let storming = true;
    const reader = (async () => {
      while (storming) {
        const profiles = await list(wallet);
        observed.push({ count: profiles.length, defaults: profiles.filter((p) => p.isDefault).length });
      }
    })();

    const creations = Array.from({ length: 20 }, (_, i) =>
      dash.call<ProfileReply>('POST', dashboardContract.profiles.path, { wallet, body: profileBody(`new ${i}`, { isDefault: i % 3 === 0 }) }),
    );
    // Set-defaults aim at seeds 5–9 (twice each); deletions take seeds 0–4 (the default among them) and 5–9 race with set-default.
    const setDefaults = [...seed.slice(5, 10), ...seed.slice(5, 10)].map((id) => dash.call<ProfileReply>('PATCH', pathOf(dashboardContract.updateProfile, { id }), { wallet, body: { isDefault: true } }));
    const deletions = seed.map((id) => dash.call<DeleteProfileReply>('DELETE', pathOf(dashboardContract.updateProfile, { id: id }), { wallet }));
    const replies = await Promise.all([...creations, ...setDefaults, ...deletions]);
    storming = false;
    await reader;

    expect(replies.slice(0, 20).map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(replies.slice(30).map((r) => r.status)).toEqual(Array(10).fill(200));
    // A set-default that ran after its profile was deleted is a 404; every other one succeeded.
    for (const r of replies.slice(20, 30)) expect([200, 404]).toContain(r.status);

    const end = await list(wallet);
    expect(end).toHaveLength(20);
    expect(end.filter((p) => p.isDefault)).toHaveLength(1);
    expect(observed.length).toBeGreaterThan(5);
    for (const seen of observed) expect(seen.count === 0 ? 0 : seen.defaults).toBe(seen.count === 0 ? 0 : 1);
  });

  it('when two replicas share one database and Redis, then concurrent first profiles still leave exactly one default', async () => {
    const other = await startDashboard({ env: { MONGO_DB: dash.config.MONGO_DB, REDIS_KEY_PREFIX: dash.config.REDIS_KEY_PREFIX } });
    try {
      const wallet = newWallet();
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? dash : other).call<ProfileReply>('POST', dashboardContract.profiles.path, { wallet, body: profileBody(`first? ${i}`) })),
      );
      expect(replies.filter((r) => r.body.profile.isDefault)).toHaveLength(1);
      expect((await list(wallet)).filter((p) => p.isDefault)).toHaveLength(1);
    } finally {
      await other.stop({ keepData: true });
    }
  });
});
