// A deterministic Shardeum-like network for the archiver stand-in: from a genesis counter the
// foundation and first community nodes join (standbyAdd, then joinedConsensors, activated
// `syncCycles` later); afterwards each community slot rotates every `activePeriodCycles`: the node
// leaves (`removed`, by node id), a standby node is selected in the same cycle, and a fresh join
// request keeps the standby count. Rotation after shardeum/core 1a76da4 src/p2p/Join/v2/select.ts
// and src/p2p/ModeSystemFuncs.ts (one rotation at a time, oldest first). With `lostEvery`, every
// n-th leave goes the other way out: the node is `lost` in its cycle and `apoptosized` the next
// (core src/p2p/Lost.ts), its slot refilled then. Tests move chosen keys by hand (scripted-nodes.ts).
import { createScriptedNodes, type ScriptAction } from './scripted-nodes';
import type { CycleEvents, SimNode } from './sim-types';

export type { CycleEvents, SimNode } from './sim-types';

export interface SimulationSettings {
  /** Validators in the active set once the network is formed (foundation + community). */
  active: number;
  foundation: number;
  standby: number;
  desired?: number;
  /** Counter of the latest cycle when the simulation is built ("now"). */
  counter: number;
  /** Cycle length, seconds. */
  duration: number;
  activePeriodCycles: number;
  syncCycles: number;
  /** Cycles that exist before "now". */
  historyCycles: number;
  seed: number;
  /** Every n-th leave is a loss followed by apoptosis instead of a removal; 0 or absent: never. */
  lostEvery?: number;
}

/** mulberry32: small, seedable and the same on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createSimulation(settings: SimulationSettings, nowStart: number) {
  const s = { ...settings, foundation: Math.min(settings.foundation, settings.active) };
  const community = s.active - s.foundation;
  const genesis = Math.max(0, s.counter - Math.max(10, s.historyCycles));
  const random = prng(s.seed);
  // Node keys and ids from their own stream, so they do not depend on the rotation's draws.
  const keyStream = prng(s.seed ^ 0x5eed);
  const hex64 = () => Array.from({ length: 8 }, () => ((keyStream() * 2 ** 32) >>> 0).toString(16).padStart(8, '0')).join('');
  const period = s.activePeriodCycles + s.syncCycles;
  let nextIndex = 0;

  const newNode = (foundation: boolean, standbyAt: number): SimNode => {
    const i = nextIndex++;
    const ip = `${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    return {
      index: i,
      id: hex64(),
      publicKey: hex64(),
      externalIp: `34.${ip}`,
      externalPort: 9001,
      internalIp: `10.${ip}`,
      internalPort: 10001,
      foundation,
      standbyAt,
    };
  };

  const activeNodes = new Map<string, SimNode>();
  const syncingNodes = new Map<string, SimNode>();
  // An array for a uniform pick in O(1), with each node's place in it for an O(1) removal.
  const standbyNodes: SimNode[] = [];
  const standbyPlace = new Map<string, number>();
  const history: CycleEvents[] = [];
  const startOf = (counter: number) => nowStart - (s.counter - counter) * s.duration;

  // The first nodes: all join requests at genesis, selected in five batches, foundation first.
  const founders = Array.from({ length: s.active }, (_, i) => newNode(i < s.foundation, genesis));
  const batch = Math.max(1, Math.ceil(s.active / 5));
  const formedAt = genesis + Math.ceil(s.active / batch) + s.syncCycles;
  const spareBatch = Math.max(1, Math.ceil(s.standby / 5));
  const spares = Array.from({ length: s.standby }, () => newNode(false, genesis));
  spares.forEach((node, i) => (node.standbyAt = genesis + 1 + Math.floor(i / spareBatch)));

  // Stagger the community slots over one period, phased so that the longest possible run of
  // cycles from "now" on has no rotation under way (tests read full counts, then advance a little).
  const slotOffset = (k: number) => Math.floor(((k + 1) * period) / Math.max(1, community));
  const dipsAt = (phase: number, counter: number) => {
    for (let k = 0; k < community; k++) {
      const first = formedAt + phase + slotOffset(k);
      if (counter >= first && (counter - first) % period < s.syncCycles) return true;
    }
    return false;
  };
  const quietRun = (phase: number) => {
    let run = 0;
    while (run < period && !dipsAt(phase, s.counter + run)) run++;
    return run;
  };
  let phase = 0;
  for (let p = 0, best = -1; p < period && best < period; p++) {
    const run = quietRun(p);
    if (run > best) [phase, best] = [p, run];
  }
  // Leaves by counter, so a cycle looks only at the nodes due then.
  const leaving = new Map<number, SimNode[]>();
  const scheduleLeave = (node: SimNode, counter: number) => {
    node.leaveAt = counter;
    leaving.set(counter, [...(leaving.get(counter) ?? []), node]);
  };
  // Nodes lost in a cycle, apoptosized in the next (with `lostEvery`).
  const apoptosizing = new Map<number, SimNode[]>();
  let leaves = 0;
  const scripted = createScriptedNodes();
  const sets = { active: activeNodes, syncing: syncingNodes, syncCycles: s.syncCycles };
  founders.filter((node) => !node.foundation).forEach((node, k) => scheduleLeave(node, formedAt + phase + slotOffset(k)));

  function step(counter: number): CycleEvents {
    const events: CycleEvents = {
      counter,
      start: startOf(counter),
      standbyAdd: [],
      joined: [],
      activated: [],
      removed: [],
      standbyRemove: [],
      lost: [],
      refuted: [],
      apoptosized: [],
      active: 0,
      standby: 0,
      syncing: 0,
      desired: s.desired ?? s.active + 5,
    };
    const addStandby = (node: SimNode) => {
      standbyPlace.set(node.publicKey, standbyNodes.length);
      standbyNodes.push(node);
      events.standbyAdd.push(node);
    };
    const select = (node: SimNode) => {
      const place = standbyPlace.get(node.publicKey);
      if (place === undefined) throw new Error(`Node ${node.publicKey} is selected but is not on standby`);
      const last = standbyNodes.pop(); // the list holds the node at least
      if (last && last !== node) {
        standbyNodes[place] = last;
        standbyPlace.set(last.publicKey, place);
      }
      standbyPlace.delete(node.publicKey);
      node.joinedAt = counter;
      node.activeAt = counter + s.syncCycles;
      syncingNodes.set(node.id, node);
      events.joined.push(node);
    };

    if (counter === genesis) founders.forEach(addStandby);
    if (counter <= genesis + 5) spares.filter((node) => node.standbyAt === counter).forEach(addStandby);
    const offset = counter - genesis - 1;
    if (offset >= 0) founders.slice(offset * batch, (offset + 1) * batch).forEach(select);

    for (const node of [...syncingNodes.values()]) {
      if (node.activeAt !== counter) continue;
      syncingNodes.delete(node.id);
      activeNodes.set(node.id, node);
      events.activated.push(node);
    }
    const due = [...(apoptosizing.get(counter) ?? []).map((node) => ({ node, how: 'apoptosized' as const })), ...(leaving.get(counter) ?? []).map((node) => ({ node, how: 'removed' as const }))];
    apoptosizing.delete(counter);
    for (const { node, how } of due) {
      if (!activeNodes.has(node.id)) continue;
      if (how === 'removed' && s.lostEvery && ++leaves % s.lostEvery === 0) {
        events.lost.push(node);
        apoptosizing.set(counter + 1, [...(apoptosizing.get(counter + 1) ?? []), node]);
        continue;
      }
      // Join requests of this very cycle are not selectable yet.
      let next = standbyNodes[Math.floor(random() * standbyNodes.length)];
      for (let tries = 0; next && next.standbyAt >= counter && tries < 8; tries++) {
        next = standbyNodes[Math.floor(random() * standbyNodes.length)];
      }
      if (!next || next.standbyAt >= counter) {
        if (how === 'removed') scheduleLeave(node, counter + period); // nobody to take the slot: the node stays another period
        else {
          // A lost node goes whether or not anyone can take its slot.
          activeNodes.delete(node.id);
          events.apoptosized.push(node);
        }
        continue;
      }
      activeNodes.delete(node.id);
      events[how].push(node);
      select(next);
      scheduleLeave(next, counter + period);
      addStandby(newNode(false, counter));
    }
    leaving.delete(counter);
    scripted.step(counter, events, sets);
    events.active = activeNodes.size;
    events.syncing = syncingNodes.size;
    events.standby = standbyNodes.length + scripted.standbyNodes().length;
    return events;
  }

  for (let counter = genesis; counter <= s.counter; counter++) history.push(step(counter));

  return {
    settings: s,
    genesis,
    history,
    latest: () => {
      const last = history.at(-1);
      if (!last) throw new Error('The simulated network has no cycle yet');
      return last;
    },
    at: (counter: number) => (counter >= genesis ? history[counter - genesis] : undefined),
    /** Moves the network on by one cycle and returns that cycle's events. */
    advance(): CycleEvents {
      const events = step(history.length + genesis);
      history.push(events);
      return events;
    },
    activeNodes: () => [...activeNodes.values()],
    syncingNodes: () => [...syncingNodes.values()],
    /** In join order, as the archiver's standby map holds them (scripted ones last). */
    standbyNodes: () => [...[...standbyNodes].sort((a, b) => a.index - b.index), ...scripted.standbyNodes()],
    /** Queues a scripted action for the next cycle (scripted-nodes.ts); throws a ScriptError when it does not fit. */
    script: (publicKey: string, action: ScriptAction, options?: { version?: string }) => scripted.schedule(publicKey, action, sets, options),
    /** Where a scripted node is now; undefined for a key never scripted. */
    scriptedState: (publicKey: string) => scripted.stateOf(publicKey, sets),
  };
}

export type Simulation = ReturnType<typeof createSimulation>;
