import { dashboardContract, pathOf, type PortfolioReply, type ProfileReply, type ProfilesReply, type ScenariosReply } from '@shm/contracts';
import { createRedis, type Redis } from '@shm/platform/redis';
import { errorOf, TEST_REDIS_URL } from '@shm/platform/testing';
import type { WalletLock } from '../src/domain/ports';
import { newWallet, startDashboard, type DashboardUnderTest, type Reply } from './support/dashboard-under-test';
import { entryBody, profileBody, scenarioBody } from './support/samples';

// A change whose wallet lock is lost while it runs, against the real Redis lock and the FerretDB
// server. The lock is lost as in production: the holder's lease is taken over (as after a stall
// longer than the lease) by another replica, which makes its change and lets go; the holder's lock
// watchdog notices at its next renewal (every third of the lease). The test waits on the holder's own
// signal for that, never on time. A client that gets 503 sends the same create again, so in no case
// may a create answered 503 have been written.
jest.setTimeout(60_000);

const LEASE_MS = 1500;
let dash: DashboardUnderTest;
let redis: Redis;
/** The lock signal of the change running now, seen through the port (the test waits on it). */
let held: AbortSignal | undefined;

beforeAll(async () => {
  redis = createRedis(TEST_REDIS_URL, 'client');
  dash = await startDashboard({ env: { WALLET_LOCK_LEASE_MS: String(LEASE_MS) } });
  const real = dash.service.domain.lock;
  const observed: WalletLock = {
    run: (wallet, work) =>
      real.run(wallet, (signal) => {
        held = signal;
        return work(signal);
      }),
  };
  dash.service.domain.lock = observed;
});
afterAll(async () => {
  await dash.stop();
  redis.disconnect();
});

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10 * LEASE_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Another replica takes the wallet's lock from the change in progress, makes its change and lets go; resolves once the holder has noticed. */
async function loseLock(wallet: string): Promise<void> {
  const key = `${dash.config.REDIS_KEY_PREFIX}lock:${wallet}`;
  await redis.set(key, 'another replica', 'PX', 60_000);
  await until(() => held?.aborted === true, 'the holder noticed it lost the lock');
  await redis.del(key);
}

interface Steps {
  count: (...args: never[]) => Promise<unknown>;
  insert: (...args: never[]) => Promise<unknown>;
}
const restores: Array<() => void> = [];
afterEach(() => restores.splice(0).forEach((restore) => restore()));

/** The next call of `store[method]` runs `step` first (`before`) or once it is done (`after`): a slow step at that point of the change. */
function slowOnce(store: Steps, method: keyof Steps, when: 'before' | 'after', step: () => Promise<void>): void {
  const real = store[method];
  const restore = () => {
    store[method] = real;
  };
  restores.push(restore);
  store[method] = async (...args: never[]) => {
    restore();
    if (when === 'before') await step();
    const result = await real(...args);
    if (when === 'after') await step();
    return result;
  };
}

interface Kind {
  name: string;
  create(wallet: string): Promise<Reply>;
  count(wallet: string): Promise<number>;
  store(): Steps;
}
const kinds: Kind[] = [
  {
    name: 'a profile',
    create: (wallet) => dash.call('POST', dashboardContract.createProfile.path, { wallet, body: profileBody('Two nodes') }),
    count: async (wallet) => (await dash.call<ProfilesReply>('GET', dashboardContract.profiles.path, { wallet })).body.profiles.length,
    store: () => dash.service.domain.profiles,
  },
  {
    name: 'a portfolio entry',
    create: (wallet) => dash.call('POST', dashboardContract.createEntry.path, { wallet, body: entryBody() }),
    count: async (wallet) => (await dash.call<PortfolioReply>('GET', pathOf(dashboardContract.portfolio, { address: wallet }), { wallet })).body.entries.length,
    store: () => dash.service.domain.portfolio,
  },
  {
    name: 'a scenario',
    create: (wallet) => dash.call('POST', dashboardContract.saveScenario.path, { wallet, body: scenarioBody('Defaults') }),
    count: async (wallet) => (await dash.call<ScenariosReply>('GET', pathOf(dashboardContract.scenarios, { address: wallet }), { wallet })).body.scenarios.length,
    store: () => dash.service.domain.scenarios,
  },
];

/**
 * As a client does: the create, sent once more if it answered 503. Each reply's status with how
 * many records the wallet has after it, and the replies.
 */
async function createAsClient(kind: Kind, wallet: string): Promise<{ seen: Array<{ status: number; records: number }>; replies: Reply[] }> {
  const seen: Array<{ status: number; records: number }> = [];
  const replies: Reply[] = [];
  do {
    const reply = await kind.create(wallet);
    replies.push(reply);
    seen.push({ status: reply.status, records: await kind.count(wallet) });
  } while (replies.length < 2 && replies.at(-1)?.status === 503);
  return { seen, replies };
}

describe.each(kinds)('creating $name when the wallet lock is lost', (kind) => {
  it('when the lock is lost before the write (during the limit check), then nothing is written and the reply is 503; the client sends it again and it is made once', async () => {
    const wallet = newWallet();
    slowOnce(kind.store(), 'count', 'before', () => loseLock(wallet));

    const { seen, replies } = await createAsClient(kind, wallet);
    expect(seen).toEqual([
      { status: 503, records: 0 },
      { status: 201, records: 1 },
    ]);
    expect(errorOf(replies[0]).code).toBe('SERVICE_UNAVAILABLE');
    expect(errorOf(replies[0]).message).toBe('Another change may have run at the same time; this one was not made: try again');
  });

  it('when the lock is lost while the write is on its way (it lands after), then the reply is 201: the change is made once and the client has nothing to send again', async () => {
    const wallet = newWallet();
    slowOnce(kind.store(), 'insert', 'before', () => loseLock(wallet));

    const { seen } = await createAsClient(kind, wallet);
    expect(seen).toEqual([{ status: 201, records: 1 }]);
  });
});

describe('a later profile made the default when the wallet lock is lost', () => {
  it('when the lock is lost once the profile is written and before the default moves, then the reply is 201 saying it is not the default, and the default stays where it was', async () => {
    const wallet = newWallet();
    const first = await dash.call<ProfileReply>('POST', dashboardContract.createProfile.path, { wallet, body: profileBody('First') });
    expect(first.body.profile.isDefault).toBe(true);
    slowOnce(dash.service.domain.profiles, 'insert', 'after', () => loseLock(wallet));

    const later = await dash.call<ProfileReply>('POST', dashboardContract.createProfile.path, { wallet, body: profileBody('Later', { isDefault: true }) });
    expect(later.status).toBe(201);
    expect(later.body.profile).toMatchObject({ profileName: 'Later', isDefault: false });
    const { profiles } = (await dash.call<ProfilesReply>('GET', dashboardContract.profiles.path, { wallet })).body;
    expect(profiles.map((p) => [p.profileName, p.isDefault])).toEqual([
      ['Later', false],
      ['First', true],
    ]);
  });
});
