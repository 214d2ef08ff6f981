import { randomUUID } from 'node:crypto';
import { dashboardContract, pathOf, type ProfileReply, type ProfilesReply } from '@shm/contracts';
import { errorOf } from '@shm/platform/testing';
import type { ProfileRecord } from '../src/domain/ports';
import { newWallet, startDashboard, type DashboardUnderTest } from './support/dashboard-under-test';
import { profileBody } from './support/samples';

// The default pointer when a write fails or was cut short, and the readers' repair of it, against
// the real FerretDB server and Redis. Record ids come from a queue the tests can fill (a taken id
// makes the store refuse an insert); the wallet's lock is held through the service's own lock.
jest.setTimeout(60_000);

const WAIT_MS = 1000;
const ids: string[] = [];
let dash: DashboardUnderTest;
beforeAll(async () => {
  dash = await startDashboard({ newId: () => ids.shift() ?? randomUUID(), env: { WALLET_LOCK_WAIT_MS: String(WAIT_MS) } });
});
afterAll(() => dash.stop());

interface Listed {
  id: string;
  profileName: string;
  isDefault: boolean;
}
const list = async (wallet: string) => {
  const res = await dash.call<ProfilesReply>('GET', dashboardContract.profiles.path, { wallet });
  expect(res.status).toBe(200);
  return res.body.profiles as Listed[];
};
const create = async (wallet: string, name: string, extra: Record<string, unknown> = {}) => {
  const res = await dash.call<ProfileReply>('POST', dashboardContract.profiles.path, { wallet, body: profileBody(name, extra) });
  expect(res.status).toBe(201);
  return res.body.profile as Listed;
};
const edit = async (wallet: string, id: string, body: Record<string, unknown>) => {
  const res = await dash.call<ProfileReply>('PATCH', pathOf(dashboardContract.updateProfile, { id }), { wallet, body });
  expect(res.status).toBe(200);
};
const defaultsOf = (profiles: Listed[]) => profiles.filter((p) => p.isDefault).map((p) => p.profileName);
const storedPointer = (wallet: string) => dash.service.domain.defaults.get(wallet);

/** Holds the wallet's lock (as a concurrent change would) until the returned release is called. */
async function holdLock(wallet: string, during: () => Promise<void> = async () => {}): Promise<{ release: () => void; done: Promise<void> }> {
  let release!: () => void;
  let held!: () => void;
  const isHeld = new Promise<void>((r) => (held = r));
  const done = dash.service.domain.lock.run(wallet, async () => {
    held();
    await new Promise<void>((r) => (release = r));
    await during();
  });
  await isHeld;
  return { release, done };
}

/** Says whether `promise` settled within `ms`. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('a failed create leaves no pointer to nothing', () => {
  it("when the store refuses a wallet's first profile (its id is taken), then the create answers 500, no pointer names the missing profile, and the next profile becomes the default", async () => {
    const owner = newWallet();
    const taken = await create(owner, "Another wallet's profile");
    const wallet = newWallet();

    ids.push(taken.id);
    const failed = await dash.call<ProfileReply>('POST', dashboardContract.profiles.path, { wallet, body: profileBody('Refused') });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ error: { code: 'INTERNAL', message: 'Internal server error', requestId: expect.any(String) as unknown } });

    // The wallet has no profile, so it has no default: the pointer must not name the refused id
    // (which is another wallet's profile).
    expect(await storedPointer(wallet)).toBeNull();
    expect(await list(wallet)).toEqual([]);
    // The other wallet is untouched.
    expect(await list(owner)).toEqual([expect.objectContaining({ id: taken.id, profileName: "Another wallet's profile", isDefault: true })]);

    const next = await create(wallet, 'Accepted');
    expect(next.isDefault).toBe(true);
    expect(defaultsOf(await list(wallet))).toEqual(['Accepted']);
    expect(await storedPointer(wallet)).toBe(next.id);
  });

  it('when a create fails while the pointer was already dangling (a crash), then the pointer is repaired to the most recently updated profile, not moved to the refused id', async () => {
    const owner = newWallet();
    const taken = await create(owner, 'Taken');
    const wallet = newWallet();
    await create(wallet, 'Older');
    const edited = await create(wallet, 'Edited last');
    await create(wallet, 'Created last');
    await edit(wallet, edited.id, { notes: 'edited after the others were created' });
    await dash.service.domain.defaults.set(wallet, randomUUID());

    ids.push(taken.id);
    const failed = await dash.call<ProfileReply>('POST', dashboardContract.profiles.path, { wallet, body: profileBody('Refused') });
    expect(failed.status).toBe(500);
    expect(await storedPointer(wallet)).toBe(edited.id);
    expect(defaultsOf(await list(wallet))).toEqual(['Edited last']);
  });
});

describe('readers repair a pointer to nothing (repairDefault under the lock)', () => {
  it('when the default profile was deleted without moving the pointer, then the list shows the most recently updated profile as the default, and the pointer is stored so', async () => {
    const wallet = newWallet();
    const first = await create(wallet, 'First');
    const second = await create(wallet, 'Second');
    await create(wallet, 'Third');
    // Second is edited after Third was created: the most recently updated, though not the newest.
    await edit(wallet, second.id, { targetEarnings: 6_000 });
    expect(await storedPointer(wallet)).toBe(first.id);
    expect(await dash.service.domain.profiles.remove(wallet, first.id)).toBe(true);

    const profiles = await list(wallet);
    expect(profiles.map((p) => [p.profileName, p.isDefault])).toEqual([
      ['Third', false],
      ['Second', true],
    ]);
    expect(await storedPointer(wallet)).toBe(second.id);
    // A second read agrees (the repair was stored, not only answered).
    expect(defaultsOf(await list(wallet))).toEqual(['Second']);
  });

  it('when the pointer names a profile that was never inserted, then the most recently updated profile becomes the default', async () => {
    const wallet = newWallet();
    await create(wallet, 'A');
    const b = await create(wallet, 'B');
    await create(wallet, 'C');
    // A was the first (the default), C is the newest, B the most recently updated.
    await edit(wallet, b.id, { notes: 'B is edited last' });
    await dash.service.domain.defaults.set(wallet, randomUUID());

    expect(defaultsOf(await list(wallet))).toEqual(['B']);
    expect(await storedPointer(wallet)).toBe(b.id);
  });

  it('when the pointer names nothing and the wallet has no profiles, then the list is empty', async () => {
    const wallet = newWallet();
    await dash.service.domain.defaults.set(wallet, randomUUID());
    expect(await list(wallet)).toEqual([]);
  });

  it('when a reader keeps seeing a pointer to a profile not yet in the list while a change holds the lock between its two steps, then it waits for the lock and answers the finished change, without repairing it away', async () => {
    const wallet = newWallet();
    const kept = await create(wallet, 'Kept');
    const coming = randomUUID();
    const at = new Date().toISOString();
    const record = { ...profileBody('Coming'), id: coming, walletAddress: wallet, createdAt: at, updatedAt: at } as ProfileRecord;
    // A first step done (the pointer names the new profile), the second (its insert) waits for the release.
    const writer = await holdLock(wallet, () => dash.service.domain.profiles.insert(record));
    await dash.service.domain.defaults.set(wallet, coming);

    const reading = list(wallet);
    // Its quick reads all miss, so it waits for the lock instead of answering a list without a default.
    expect(await settlesWithin(reading, 300)).toBe(false);
    writer.release();
    await writer.done;
    const profiles = await reading;
    expect(profiles.map((p) => [p.profileName, p.isDefault])).toEqual([
      ['Coming', true],
      ['Kept', false],
    ]);
    expect(await storedPointer(wallet)).toBe(coming);
    expect(kept.isDefault).toBe(true);
  });
});

describe('a busy wallet lock', () => {
  it(`when another change holds the wallet's lock past WALLET_LOCK_WAIT_MS (${WAIT_MS} ms), then a write answers 503 SERVICE_UNAVAILABLE in the standard error shape and writes nothing`, async () => {
    const wallet = newWallet();
    const other = await holdLock(wallet);
    const started = Date.now();
    const res = await dash.call<ProfileReply>('POST', dashboardContract.profiles.path, { wallet, body: profileBody('Waits') });
    const waited = Date.now() - started;
    other.release();
    await other.done;

    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Busy with another change; try again shortly', requestId: expect.any(String) as unknown } });
    expect(waited).toBeGreaterThanOrEqual(WAIT_MS);
    expect(waited).toBeLessThan(WAIT_MS + 2000);
    expect(await list(wallet)).toEqual([]);
  });

  it('when a reader must fall back to the lock and the lock stays busy, then the list answers 503 too', async () => {
    const wallet = newWallet();
    await create(wallet, 'Only');
    const other = await holdLock(wallet);
    await dash.service.domain.defaults.set(wallet, randomUUID());
    const res = await dash.call<ProfilesReply>('GET', dashboardContract.profiles.path, { wallet });
    other.release();
    await other.done;
    expect(res.status).toBe(503);
    expect(errorOf(res).code).toBe('SERVICE_UNAVAILABLE');
    // Once the lock is free, the next read repairs the pointer.
    expect(defaultsOf(await list(wallet))).toEqual(['Only']);
  });
});
