import { dashboardContract, pathOf, IDENTITY_HEADER, type PortfolioEntryReply, type PortfolioReply, type ProfileReply, type ProfilesReply, type ScenarioReply, type ScenariosReply } from '@shm/contracts';
import { signIdentity } from '@shm/platform';
import { errorOf } from '@shm/platform/testing';
import { newWallet, startDashboard, type DashboardUnderTest, type Reply } from './support/dashboard-under-test';
import { entryBody, profileBody, scenarioBody } from './support/samples';

let dash: DashboardUnderTest;
const A = newWallet();
const B = newWallet();
/** B's records, made through the API as B. */
const b = { profile: '', entry: '', scenario: '' };

const snapshotOfB = async () => ({
  profiles: (await dash.call<ProfilesReply>('GET', dashboardContract.profiles.path, { wallet: B })).body,
  portfolio: (await dash.call<PortfolioReply>('GET', pathOf(dashboardContract.portfolio, { address: B }), { wallet: B })).body.entries,
  scenarios: (await dash.call<ScenariosReply>('GET', pathOf(dashboardContract.scenarios, { address: B }), { wallet: B })).body,
  scenario: (await dash.call<ScenarioReply>('GET', pathOf(dashboardContract.scenario, { address: B, scenarioId: b.scenario }), { wallet: B })).body,
});

beforeAll(async () => {
  // A fixed clock: portfolio performance depends on today, and the snapshots compare whole replies.
  dash = await startDashboard({ now: () => new Date('2026-06-01T00:00:00Z') });
  b.profile = (await dash.call<ProfileReply>('POST', dashboardContract.profiles.path, { wallet: B, body: profileBody('B profile') })).body.profile.id;
  b.entry = (await dash.call<PortfolioEntryReply>('POST', dashboardContract.createEntry.path, { wallet: B, body: entryBody() })).body.entry.id;
  b.scenario = (await dash.call<ScenarioReply>('POST', dashboardContract.saveScenario.path, { wallet: B, body: scenarioBody('B scenario') })).body.scenario.id;
  // A has records of its own, so "empty" answers are not mistaken for isolation.
  await dash.call<ProfileReply>('POST', dashboardContract.profiles.path, { wallet: A, body: profileBody('A profile') });
});
afterAll(() => dash.stop());

const expectError = (res: Reply, status: number, code: string) => {
  expect({ status: res.status, code: errorOf(res).code }).toEqual({ status, code });
};

describe('every record belongs to the signed-in wallet', () => {
  it("when wallet A uses B's record ids, then every route answers 404 and B's records are untouched", async () => {
    const before = await snapshotOfB();
    const tries: [string, string, unknown?][] = [
      ['PATCH', pathOf(dashboardContract.updateProfile, { id: b.profile }), { isDefault: true }],
      ['PATCH', pathOf(dashboardContract.updateProfile, { id: b.profile }), { profileName: 'stolen' }],
      ['DELETE', pathOf(dashboardContract.updateProfile, { id: b.profile })],
      ['PATCH', pathOf(dashboardContract.updateEntry, { address: A, entryId: b.entry }), { actualRewards: 1 }],
      ['DELETE', pathOf(dashboardContract.updateEntry, { address: A, entryId: b.entry })],
      ['GET', pathOf(dashboardContract.scenario, { address: A, scenarioId: b.scenario })],
      ['PATCH', pathOf(dashboardContract.scenario, { address: A, scenarioId: b.scenario }), { scenarioName: 'stolen' }],
      ['DELETE', pathOf(dashboardContract.scenario, { address: A, scenarioId: b.scenario })],
    ];
    for (const [method, path, body] of tries) expectError(await dash.call(method, path, { wallet: A, body }), 404, 'NOT_FOUND');
    // A scenario may not point at B's profile either.
    expectError(await dash.call<ScenarioReply>('POST', dashboardContract.saveScenario.path, { wallet: A, body: scenarioBody('x', { profileId: b.profile }) }), 404, 'NOT_FOUND');
    expect(await snapshotOfB()).toEqual(before);
  });

  it("when wallet A names B's address in a path, query or body, then every route answers 403 and nothing changes", async () => {
    const before = await snapshotOfB();
    const tries: [string, string, unknown?][] = [
      ['GET', `${dashboardContract.profiles.path}?walletAddress=${B}`],
      ['POST', dashboardContract.profiles.path, { ...profileBody('as B'), walletAddress: B }],
      ['PATCH', pathOf(dashboardContract.updateProfile, { id: b.profile }), { notes: 'x', walletAddress: B }],
      ['GET', pathOf(dashboardContract.portfolio, { address: B })],
      ['POST', dashboardContract.createEntry.path, { ...entryBody(), walletAddress: B }],
      ['PATCH', pathOf(dashboardContract.updateEntry, { address: B, entryId: b.entry }), { actualRewards: 1 }],
      ['DELETE', pathOf(dashboardContract.updateEntry, { address: B, entryId: b.entry })],
      ['GET', pathOf(dashboardContract.scenarios, { address: B })],
      ['POST', dashboardContract.saveScenario.path, { ...scenarioBody('as B'), walletAddress: B }],
      ['GET', pathOf(dashboardContract.scenario, { address: B, scenarioId: b.scenario })],
      ['PATCH', pathOf(dashboardContract.scenario, { address: B, scenarioId: b.scenario }), { scenarioName: 'stolen' }],
      ['DELETE', pathOf(dashboardContract.scenario, { address: B, scenarioId: b.scenario })],
    ];
    for (const [method, path, body] of tries) expectError(await dash.call(method, path, { wallet: A, body }), 403, 'FORBIDDEN');
    expect(await snapshotOfB()).toEqual(before);
    expect((await dash.call<ProfilesReply>('GET', dashboardContract.profiles.path, { wallet: A })).body.profiles.map((profile) => profile.profileName)).toEqual(['A profile']);
  });

  it('when a checksummed (mixed-case) form of the own address is named, then it is the same wallet', async () => {
    const mixed = `0x${A.slice(2).toUpperCase()}`;
    expect((await dash.call<PortfolioReply>('GET', pathOf(dashboardContract.portfolio, { address: mixed }), { wallet: A })).status).toBe(200);
    expect((await dash.call('GET', `${dashboardContract.profiles.path}?walletAddress=${mixed}`, { wallet: A })).status).toBe(200);
  });

  it('when nobody is signed in, or the identity is forged, then every route answers 401', async () => {
    const forged = signIdentity({ wallet: B }, 'some-other-secret-of-16-chars');
    const handWritten = `${Buffer.from(JSON.stringify({ wallet: B, exp: Date.now() + 60_000 })).toString('base64url')}.x`;
    for (const identity of [undefined, forged, handWritten]) {
      for (const [method, path] of [
        ['GET', dashboardContract.profiles.path],
        ['DELETE', pathOf(dashboardContract.updateProfile, { id: b.profile })],
        ['GET', pathOf(dashboardContract.portfolio, { address: B })],
        ['GET', pathOf(dashboardContract.scenario, { address: B, scenarioId: b.scenario })],
      ] as const) {
        const res = await fetch(`${dash.server.url}${path}`, { method, headers: identity ? { [IDENTITY_HEADER]: identity } : {} });
        expect({ path, status: res.status }).toEqual({ path, status: 401 });
      }
    }
  });
});
