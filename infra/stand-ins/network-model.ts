// The simulated network as archivers see it: cycle records by counter and each archiver's node
// lists. An archiver keeps `foundationNode` only for joins it processed live (shardeum/archiver
// 3011bac src/Data/Cycles.ts updateNodeList); after a restart it syncs the lists from the
// validators without the flag (src/sync-v2/index.ts), so nodes that joined up to its restart carry
// none. Entry shapes: `{ publicKey, ip, port, id, foundationNode? }` for active and syncing nodes,
// `{ publicKey, ip, port }` for standby ones (their join requests).
import { cycleRecord, GENESIS_PREVIOUS, type CycleRecord, type StandInShape } from './cycle-record';
import { createSimulation, type SimNode, type SimulationSettings } from './network-simulation';
import type { ScriptAction } from './scripted-nodes';

export interface NodeListEntry {
  publicKey: string;
  ip: string;
  port: number;
  id?: string;
  foundationNode?: boolean;
}

export interface NodeLists {
  active: NodeListEntry[];
  syncing: NodeListEntry[];
  standby: NodeListEntry[];
}

/** `keep`: flags of live joins only (real); `all`: every node keeps it (tidy); `none`: no entry has it. */
export type FlagPolicy = 'keep' | 'all' | 'none';

export const MAX_CYCLES_PER_REQUEST = 100;

/** Shared by every model, so a rebuilt model never reuses a version cached replies were keyed on. */
let lastVersion = 0;

export function createNetworkModel(settings: SimulationSettings, shape: StandInShape, nowStart: number) {
  const sim = createSimulation(settings, nowStart);
  const records: CycleRecord[] = [];
  const append = (events: (typeof sim.history)[number]) => {
    const previous = records[records.length - 1]?.marker ?? GENESIS_PREVIOUS;
    records.push(cycleRecord(events, previous, sim.settings.duration, shape));
  };
  sim.history.forEach(append);
  let version = ++lastVersion;
  const listCache = new Map<string, NodeLists>();

  const counter = () => sim.latest().counter;

  function entry(node: SimNode, restartedAt: number, flags: FlagPolicy): NodeListEntry {
    const base = { publicKey: node.publicKey, ip: node.externalIp, port: node.externalPort, id: node.id };
    const flagged = flags === 'all' || (flags === 'keep' && (node.joinedAt ?? 0) > restartedAt);
    return flagged ? { ...base, foundationNode: node.foundation } : base;
  }

  return {
    shape,
    settings: sim.settings,
    genesis: sim.genesis,
    counter,
    /** Bumped on every change, so signed replies can be cached per state. */
    version: () => version,
    advance(cycles = 1) {
      for (let i = 0; i < cycles; i++) append(sim.advance());
      version = ++lastVersion;
      listCache.clear();
    },
    /** Marks a change outside the simulation (flags, account), so cached replies are rebuilt. */
    touch() {
      version = ++lastVersion;
      listCache.clear();
    },
    latestEvents: () => sim.latest(),
    /** A scripted node's next move (scripted-nodes.ts); it shows in the next cycle. */
    script: (publicKey: string, action: ScriptAction, options?: { version?: string }) => sim.script(publicKey, action, options),
    scriptedState: (publicKey: string) => sim.scriptedState(publicKey),
    record: (c: number) => (c >= sim.genesis ? records[c - sim.genesis] : undefined),
    /** The newest `count` records, newest first (archiver queryLatestCycleRecords). */
    latestRecords: (count: number) => records.slice(-count).reverse(),
    /** Records with counters in [from, to], oldest first (archiver queryCycleRecordsBetween). */
    recordsBetween: (from: number, to: number) =>
      records.slice(Math.max(0, from - sim.genesis), Math.max(0, to - sim.genesis + 1)),
    nodeLists(restartedAt: number, flags: FlagPolicy): NodeLists {
      const key = `${restartedAt}:${flags}`;
      const cached = listCache.get(key);
      if (cached) return cached;
      // A restarted archiver adds the synced nodes first (in the validators' order, by id), then
      // those activated after, in turn.
      const synced = (node: SimNode) => (node.joinedAt ?? 0) <= restartedAt;
      const active = sim.activeNodes();
      const ordered =
        flags === 'keep'
          ? [...active.filter(synced).sort((a, b) => (a.id > b.id ? 1 : -1)), ...active.filter((n) => !synced(n))]
          : active;
      const lists: NodeLists = {
        active: ordered.map((node) => entry(node, restartedAt, flags)),
        syncing: sim.syncingNodes().map((node) => entry(node, restartedAt, flags)),
        standby: sim.standbyNodes().map((node) => ({ publicKey: node.publicKey, ip: node.externalIp, port: node.externalPort })),
      };
      listCache.set(key, lists);
      return lists;
    },
  };
}

export type NetworkModel = ReturnType<typeof createNetworkModel>;
