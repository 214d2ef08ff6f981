import { DASHBOARD_LIMITS, dashboardContract, pathOf, IDENTITY_HEADER, type DeleteProfileReply, type InvestmentProfile, type ProfileReply, type ProfilesReply } from '@shm/contracts';
import { errorOf, readJson } from '@shm/platform/testing';
import { newWallet, signedIn, startDashboard, type DashboardUnderTest } from './support/dashboard-under-test';
import { profileBody } from './support/samples';

let dash: DashboardUnderTest;
beforeAll(async () => {
  dash = await startDashboard();
});
afterAll(() => dash.stop());

const list = async (wallet: string) => (await dash.call<ProfilesReply>('GET', dashboardContract.profiles.path, { wallet })).body.profiles;
const create = (wallet: string, name: string, extra: Record<string, unknown> = {}) =>
  dash.call<ProfileReply>('POST', dashboardContract.profiles.path, { wallet, body: profileBody(name, extra) });
const defaults = (profiles: InvestmentProfile[]) => profiles.filter((p) => p.isDefault).map((p) => p.profileName);

describe('investment profiles (real MongoDB-wire server)', () => {
  it('when a wallet creates its first profile, then it is stored with every field and becomes the default', async () => {
    const wallet = newWallet();
    const res = await create(wallet, 'Two nodes');
    expect(res.status).toBe(201);
    expect(res.body.profile).toMatchObject({ ...profileBody('Two nodes'), walletAddress: wallet, isDefault: true });
    expect(await list(wallet)).toEqual([res.body.profile]);
  });

  it('when riskTolerance and notes are left out, then the profile is moderate with no notes', async () => {
    const wallet = newWallet();
    const { riskTolerance: _r, notes: _n, ...body } = profileBody('Plain');
    const res = await dash.call<ProfileReply>('POST', dashboardContract.profiles.path, { wallet, body });
    expect(res.status).toBe(201);
    expect(res.body.profile.riskTolerance).toBe('moderate');
    expect(res.body.profile).not.toHaveProperty('notes');
  });

  it('when a second profile is created, then the first stays default until the second is made default', async () => {
    const wallet = newWallet();
    const first = (await create(wallet, 'First')).body.profile;
    const second = (await create(wallet, 'Second')).body.profile;
    expect(second.isDefault).toBe(false);
    expect(defaults(await list(wallet))).toEqual(['First']);

    const made = await dash.call<ProfileReply>('PATCH', pathOf(dashboardContract.updateProfile, { id: second.id }), { wallet, body: { isDefault: true } });
    expect(made.status).toBe(200);
    expect(made.body.profile).toMatchObject({ id: second.id, isDefault: true });
    expect(defaults(await list(wallet))).toEqual(['Second']);

    const third = await create(wallet, 'Third', { isDefault: true });
    expect(third.body.profile.isDefault).toBe(true);
    expect(defaults(await list(wallet))).toEqual(['Third']);
    expect((await list(wallet)).map((p) => p.profileName)).toEqual(['Third', 'Second', 'First']);
    expect(first.isDefault).toBe(true);
  });

  it('when a profile is edited, then only the given fields change and the reply is the stored profile', async () => {
    const wallet = newWallet();
    const created = (await create(wallet, 'Edit me')).body.profile;
    const res = await dash.call<ProfileReply>('PATCH', pathOf(dashboardContract.updateProfile, { id: created.id }), { wallet, body: { targetEarnings: 7_500, notes: '' } });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ ...created, targetEarnings: 7_500, notes: '', updatedAt: expect.any(String) as unknown });
    expect(await list(wallet)).toEqual([res.body.profile]);
  });

  it('when the default is deleted, then the most recently updated other profile becomes the default', async () => {
    const wallet = newWallet();
    const a = (await create(wallet, 'A')).body.profile;
    const b = (await create(wallet, 'B')).body.profile;
    await create(wallet, 'C');
    // B is edited last, so it is the most recently updated of the others (C was created after B).
    await dash.call<ProfileReply>('PATCH', pathOf(dashboardContract.updateProfile, { id: b.id }), { wallet, body: { notes: 'touched' } });
    const res = await dash.call<DeleteProfileReply>('DELETE', pathOf(dashboardContract.updateProfile, { id: a.id }), { wallet });
    expect(res).toEqual({ status: 200, body: { success: true, deletedId: a.id, newDefaultId: b.id } });
    expect(defaults(await list(wallet))).toEqual(['B']);
  });

  it('when a non-default profile or the last profile is deleted, then no other profile becomes default', async () => {
    const wallet = newWallet();
    const a = (await create(wallet, 'A')).body.profile;
    const b = (await create(wallet, 'B')).body.profile;
    expect((await dash.call<DeleteProfileReply>('DELETE', pathOf(dashboardContract.updateProfile, { id: b.id }), { wallet })).body.newDefaultId).toBeNull();
    expect(defaults(await list(wallet))).toEqual(['A']);
    expect((await dash.call<DeleteProfileReply>('DELETE', pathOf(dashboardContract.updateProfile, { id: a.id }), { wallet })).body.newDefaultId).toBeNull();
    expect(await list(wallet)).toEqual([]);
    expect((await create(wallet, 'Again')).body.profile.isDefault).toBe(true);
  });

  it('when fields are out of range, then 400 names each field and nothing is stored', async () => {
    const wallet = newWallet();
    const res = await create(wallet, 'x'.repeat(81), {
      riskTolerance: 'reckless',
      investmentAmount: -1,
      targetTimeframe: 1.5,
      notes: 'n'.repeat(2001),
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    expect(errorOf(res).fields).toEqual({
      profileName: 'Must be 1–80 characters',
      riskTolerance: 'Must be conservative, moderate or aggressive',
      investmentAmount: 'Must be at least 0',
      targetTimeframe: 'Must be a whole number',
      notes: 'Must be at most 2000 characters',
    });
    expect(errorOf(await create(wallet, '   ')).fields).toEqual({ profileName: 'Must be 1–80 characters' });
    const missing = await dash.call('POST', dashboardContract.profiles.path, { wallet, body: { profileName: 'No numbers' } });
    expect(errorOf(missing).fields).toMatchObject({ investmentAmount: 'Required', targetTimeframe: 'Required' });
    expect(await list(wallet)).toEqual([]);
  });

  it('when a patch is empty, unknown or malformed, then it answers 400 or 404 and the profile is unchanged', async () => {
    const wallet = newWallet();
    const created = (await create(wallet, 'Keep')).body.profile;
    const empty = await dash.call<ProfileReply>('PATCH', pathOf(dashboardContract.updateProfile, { id: created.id }), { wallet, body: {} });
    expect(empty.status).toBe(400);
    expect(errorOf(empty).fields).toEqual({ body: 'Nothing to change' });
    const bad = await dash.call<ProfileReply>('PATCH', pathOf(dashboardContract.updateProfile, { id: created.id }), { wallet, body: { targetTimeframe: 0, profileName: 'New' } });
    expect(errorOf(bad).fields).toEqual({ targetTimeframe: 'Must be at least 1 month' });
    const unknown = await dash.call<ProfileReply>('PATCH', pathOf(dashboardContract.updateProfile, { id: 'no-such-profile' }), { wallet, body: { notes: 'x' } });
    expect(unknown.status).toBe(404);
    expect(await list(wallet)).toEqual([created]);
  });

  it(`when a wallet already keeps ${DASHBOARD_LIMITS.profiles} profiles, then another is refused with 409 LIMIT_REACHED`, async () => {
    const wallet = newWallet();
    for (let i = 0; i < DASHBOARD_LIMITS.profiles; i += 1) expect((await create(wallet, `P${i}`)).status).toBe(201);
    const res = await create(wallet, 'One too many');
    expect(res.status).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'LIMIT_REACHED', message: `A wallet can keep at most ${DASHBOARD_LIMITS.profiles} profiles; delete one first` });
    expect(await list(wallet)).toHaveLength(DASHBOARD_LIMITS.profiles);
  });

  it('when the body is not JSON, then 400 INVALID_JSON', async () => {
    const res = await fetch(`${dash.server.url}${dashboardContract.profiles.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDENTITY_HEADER]: signedIn(newWallet()) },
      body: '{"profileName":',
    });
    expect(res.status).toBe(400);
    expect(errorOf(await readJson(res)).code).toBe('INVALID_JSON');
  });
});
