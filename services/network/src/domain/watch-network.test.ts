import type { NetworkChange, WatchedValues } from '@shm/contracts';
import { createLogger } from '@shm/platform';
import { valuesKey, type ParamChangeSeen } from './network-watch';
import type { AccountWatch } from './ports';
import { watchNetwork, type HeldValues, type NetworkChangeStore } from './watch-network';

/** The repository's rules in memory: ids are unique keys, the held values swap only from what they were. */
function memoryStore(): NetworkChangeStore & { events: Map<string, { change: NetworkChange; published: boolean; claimedAt: number }> } {
  let held: HeldValues | null = null;
  const params = new Set<string>();
  const events = new Map<string, { change: NetworkChange; published: boolean; claimedAt: number }>();
  return {
    events,
    held: () => Promise.resolve(held),
    replaceHeld(expected: WatchedValues | null, next: HeldValues) {
      const ok = expected === null ? held === null : held !== null && valuesKey(held.values) === valuesKey(expected);
      if (ok) held = next;
      return Promise.resolve(ok);
    },
    claimNew(changes: ParamChangeSeen[]) {
      return Promise.resolve(changes.filter((c) => !params.has(c.id) && Boolean(params.add(c.id))));
    },
    saveEvent(change) {
      if (!events.has(change.id)) events.set(change.id, { change, published: false, claimedAt: Date.parse(change.seenAt) });
      return Promise.resolve();
    },
    markPublished(id) {
      const event = events.get(id);
      if (event) event.published = true;
      return Promise.resolve();
    },
    claimUnpublished(now, staleMs) {
      const due = [...events.values()].filter((e) => !e.published && e.claimedAt < now.getTime() - staleMs);
      for (const e of due) e.claimedAt = now.getTime();
      return Promise.resolve(due.map((e) => e.change));
    },
    latest: (limit) => Promise.resolve([...events.values()].map((e) => e.change).slice(-limit).reverse()),
  };
}

// The stand-in's defaults: 24 649e12 units per hour × 1e7 / 24 649 = 10 SHM/h; stake 240 × that = 2 400 SHM.
const TEN: WatchedValues = { nodeRewardAmountUsd: 0.024649, nodeRewardInterval: 3_600_000, stakeRequiredUsd: 5.91576, stabilityScaleMul: 10_000_000, stabilityScaleDiv: 24_649, minVersion: '1.16.0' };
// 8 SHM/h: 0.0197192 × 1e7 / 24 649 = 8.
const EIGHT = 0.0197192;
const C = 1000;
const logger = createLogger('test', 'silent');
const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 12, minute));

const announced: AccountWatch = { current: TEN, listed: [{ cycle: C, values: { nodeRewardAmountUsd: EIGHT } }] };
const inForce: AccountWatch = { current: { ...TEN, nodeRewardAmountUsd: EIGHT }, listed: announced.listed };

describe('network watch', () => {
  it('when a reward cut is announced for cycle C and later in force, then one event tells 10 → 8 SHM/h from C, and a retried poll tells nothing', async () => {
    const store = memoryStore();
    const published: NetworkChange[] = [];
    const deps = { store, publish: (c: NetworkChange) => Promise.resolve(void published.push(c)), logger };
    await watchNetwork(deps, { current: TEN, listed: [] }, C - 5, at(0));
    expect(published).toEqual([]);

    await watchNetwork(deps, announced, C - 3, at(1));
    await watchNetwork(deps, announced, C - 3, at(2));
    await watchNetwork(deps, inForce, C, at(3));
    await watchNetwork(deps, inForce, C + 1, at(4));
    expect(published).toEqual([
      {
        id: `nodeRewardAmountUsd@${C}=${EIGHT}`,
        cycle: C,
        status: 'announced',
        seenAt: at(1).toISOString(),
        changes: [{ parameter: 'nodeRewardAmountUsd', from: 0.024649, to: EIGHT }],
        before: { rewardPerHour: 10, stakeRequired: 2400 },
        after: { rewardPerHour: 8, stakeRequired: 2400 },
      },
    ]);
  });

  it('when two replicas watch the same poll at once, then the change is published once', async () => {
    const store = memoryStore();
    const published: string[] = [];
    const deps = { store, publish: (c: NetworkChange) => Promise.resolve(void published.push(c.id)), logger };
    await watchNetwork(deps, { current: TEN, listed: [] }, C - 5, at(0));
    await Promise.all([watchNetwork(deps, inForce, C + 2, at(1)), watchNetwork(deps, inForce, C + 3, at(1))]);
    // Not announced before: in force, at the cycle the listed entry names.
    expect(published).toEqual([`nodeRewardAmountUsd@${C}=${EIGHT}`]);
  });

  it('when a change is seen in force without a listed entry, then it dates from the cycle first seen, and stake and reward both move with the stability factor', async () => {
    const store = memoryStore();
    const published: NetworkChange[] = [];
    const deps = { store, publish: (c: NetworkChange) => Promise.resolve(void published.push(c)), logger };
    await watchNetwork(deps, { current: TEN, listed: [] }, C - 5, at(0));
    // mul 1e7 → 5e6 halves every SHM figure: 5 SHM/h, 1 200 SHM of stake.
    await watchNetwork(deps, { current: { ...TEN, stabilityScaleMul: 5_000_000 }, listed: [] }, C + 7, at(1));
    expect(published.map(({ cycle, status, before, after }) => ({ cycle, status, before, after }))).toEqual([
      { cycle: C + 7, status: 'in-force', before: { rewardPerHour: 10, stakeRequired: 2400 }, after: { rewardPerHour: 5, stakeRequired: 1200 } },
    ]);
  });

  it('when publishing fails, then a later poll publishes the event once it is stale, and only once', async () => {
    const store = memoryStore();
    const published: string[] = [];
    let down = true;
    const publish = (c: NetworkChange) => (down ? Promise.reject(new Error('redis away')) : Promise.resolve(void published.push(c.id)));
    const deps = { store, publish, logger, retryAfterMs: 60_000 };
    await watchNetwork(deps, { current: TEN, listed: [] }, C - 5, at(0));
    await watchNetwork(deps, announced, C - 3, at(1));
    down = false;
    await watchNetwork(deps, announced, C - 2, at(1));
    expect(published).toEqual([]);
    await watchNetwork(deps, announced, C - 1, at(3));
    await watchNetwork(deps, announced, C - 1, at(6));
    expect(published).toEqual([`nodeRewardAmountUsd@${C}=${EIGHT}`]);
  });

  it('when the network lists a value already in force (minVersion set again), then nothing is told', async () => {
    const store = memoryStore();
    const published: string[] = [];
    const deps = { store, publish: (c: NetworkChange) => Promise.resolve(void published.push(c.id)), logger };
    await watchNetwork(deps, { current: TEN, listed: [{ cycle: C + 5, values: { minVersion: '1.16.0' } }] }, C, at(0));
    await watchNetwork(deps, { current: TEN, listed: [{ cycle: C + 5, values: { minVersion: '1.16.0' } }] }, C + 6, at(1));
    expect(published).toEqual([]);
  });
});
