// The node tracker over in-memory stores, for its unit tests (track-nodes*.test.ts): records and lists
// a test sets, publishing and saving that a test can make fail, and what was published.
import type { NodeChange } from '@shm/contracts';
import { testLogger } from '@shm/platform/testing';
import type { NodeLists } from '../../ports';
import type { CycleRecord, ListedNode } from '../../../domain/ports';
import { trackingLag, trackNodes, type TrackNodesDeps } from '../track-nodes';
import type { Minimums } from '../version-checks';
import { quietCycle } from '../../../domain/testing/cycle-records';
import { memoryNodeStates } from './memory-node-states';
import { memoryHistory } from '../../../domain/testing/memory-stores';

// Cycle c starts at 2025-01-01 00:c:00 (60 s cycles from midnight), so `at(c)` is easy to read.
const MIDNIGHT = Date.parse('2025-01-01T00:00:00.000Z') / 1000;
export const at = (c: number) => new Date((MIDNIGHT + c * 60) * 1000).toISOString();
const key = (name: string) => name.repeat(64).slice(0, 64);
export const [A, B, F, K, L] = ['a', 'b', 'f', 'c', 'd'].map(key) as [string, string, string, string, string];

type Events = Partial<Pick<CycleRecord, 'joined' | 'activated' | 'removedIds' | 'apoptosizedIds' | 'lostIds' | 'refutedIds' | 'standbyAdded' | 'standbyRemoved' | 'standbyVersions'>>;
export const record = (counter: number, events: Events = {}): CycleRecord =>
  quietCycle(counter, { start: MIDNIGHT + counter * 60, active: 0, standby: 0, ...events });
export const listed = (...keys: string[]): ListedNode[] => keys.map((publicKey) => ({ publicKey }));

export function tracker(options: Partial<Pick<TrackNodesDeps, 'cyclesPerRun' | 'syncVanishCycles'>> = {}) {
  const history = memoryHistory();
  const states = memoryNodeStates();
  const events: { cycle: number; at: string; changes: NodeChange[] }[] = [];
  let lists: NodeLists = { active: [], syncing: [], standby: [] };
  let reward: { rewardPerHour: number; at: string } | undefined;
  let minimums: Minimums | Error = { inForce: null, changes: [] };
  let listReads = 0;
  let publishFails = false;
  let saveFails = false;
  const save = states.save.bind(states);
  states.save = async (nodes) => {
    if (saveFails) throw new Error('mongo is away');
    await save(nodes);
  };
  const deps: TrackNodesDeps = {
    history,
    states,
    lists: async () => {
      listReads += 1;
      return lists;
    },
    rewardPerHour: async () => reward,
    minimums: async () => {
      if (minimums instanceof Error) throw minimums;
      return minimums;
    },
    publish: async (event) => {
      if (publishFails) throw new Error('redis is away');
      events.push(event);
    },
    cyclesPerRun: options.cyclesPerRun ?? 100,
    syncVanishCycles: options.syncVanishCycles ?? 3,
    retentionDays: 90,
    logger: testLogger('network'),
    now: () => new Date(at(60)),
  };
  return {
    states,
    events,
    changes: () => events.flatMap((e) => e.changes),
    listReads: () => listReads,
    setLists: (next: NodeLists) => void (lists = next),
    setReward: (next: typeof reward) => void (reward = next),
    /** The network watch's minimum versions; an Error makes reading them fail. */
    setMinimums: (next: Minimums | Error) => void (minimums = next),
    failPublish: (fails: boolean) => void (publishFails = fails),
    failSave: (fails: boolean) => void (saveFails = fails),
    /** Stores the records as a poll would (the window grows to cover them). */
    async store(...records: CycleRecord[]) {
      await history.saveCycles(records);
      const window = await history.window();
      const counters = records.map((r) => r.counter);
      await history.setWindow({ oldest: Math.min(window?.oldest ?? Infinity, ...counters), newest: Math.max(window?.newest ?? -Infinity, ...counters) });
    },
    run: () => trackNodes(deps),
    lag: () => trackingLag(history, states),
    node: (publicKey: string) => states.nodes.get(publicKey),
  };
}
export const ids = (changes: NodeChange[]) => changes.map((c) => c.id);
