import type { CycleRecord } from './ports';

/** mulberry32: a tiny seeded PRNG, so a simulation is the same on every run. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NONE: string[] = [];
const NONE_JOINED: CycleRecord['joined'] = [];

export interface RotationRules {
  /** Standby pool size, held: each node picked is replaced by a new one joining standby. */
  standby: number;
  /** Community active slots: rate × mean period, so picks per cycle = slots / mean period. */
  slots: number;
  /** Active period in cycles: fixed, or uniform over [min, max]. */
  period: number | [number, number];
  /** Cycles from being picked (joinedConsensors) to activation. */
  syncCycles: number;
  /** A foundation node is picked every this many cycles (their activations must not count). */
  foundationEvery: number;
  /** Nodes that join standby up to this cycle are tagged: their waits are the sample. */
  tagUntil: number;
  /** Cycles simulated in all; the tail after tagUntil lets the tagged waits finish. */
  cycles: number;
  seed: number;
}

export interface SimulatedRotation {
  records: CycleRecord[];
  /** Cycles from joining standby to activation, for each tagged node picked. */
  waits: number[];
  /** Tagged nodes still in standby at the end (their waits are missing from the sample). */
  unfinished: number;
  /** Community node-cycles spent active / all community node-cycles (standby, syncing, active), after a warm-up. */
  activeShare: number;
}

/**
 * The rotation rules as shardeum/core runs them: each cycle the community picks are made uniformly
 * from standby (Bernoulli: floor(rate) picks, and one more with probability frac(rate)); a pick syncs
 * `syncCycles`, is active for its period, then leaves.
 */
export function simulateRotation(rules: RotationRules): SimulatedRotation {
  const random = mulberry32(rules.seed);
  const [minPeriod, maxPeriod] = typeof rules.period === 'number' ? [rules.period, rules.period] : rules.period;
  const rate = rules.slots / ((minPeriod + maxPeriod) / 2);
  const pool: number[] = [];
  const standbySince: number[] = [];
  const activations = new Map<number, string[]>();
  const leaves = new Map<number, string[]>();
  const schedule = (at: Map<number, string[]>, counter: number, value: string) => at.set(counter, [...(at.get(counter) ?? []), value]);
  const addToStandby = (counter: number) => {
    pool.push(standbySince.length);
    standbySince.push(counter);
    return `c${standbySince.length - 1}`;
  };
  for (let i = 0; i < rules.standby; i++) addToStandby(0);

  const records: CycleRecord[] = [];
  const waits: number[] = [];
  let active = 0;
  let syncing = 0;
  let activeTime = 0;
  let allTime = 0;
  const warmUp = rules.syncCycles + maxPeriod;
  for (let counter = 1; counter <= rules.cycles; counter++) {
    const picks = Math.floor(rate) + (random() < rate - Math.floor(rate) ? 1 : 0);
    const foundationPick = counter % rules.foundationEvery === 0;
    const leftIds = leaves.get(counter) ?? NONE;
    const activated = activations.get(counter) ?? NONE;
    // Most cycles see nothing happen: they share one empty list, which keeps hundreds of thousands of records cheap.
    const busy = picks > 0 || foundationPick;
    const record: CycleRecord = {
      counter,
      start: counter * 60,
      duration: 60,
      active: 0,
      standby: rules.standby,
      joined: busy ? [] : NONE_JOINED,
      activated,
      leftIds,
      removedIds: leftIds,
      apoptosizedIds: NONE,
      lostIds: NONE,
      refutedIds: NONE,
      standbyAdded: picks > 0 ? [] : NONE,
      standbyRemoved: NONE,
    };
    for (const id of leftIds) if (id.startsWith('c')) active -= 1;
    for (const key of activated) if (key.startsWith('key-c')) [active, syncing] = [active + 1, syncing - 1];
    leaves.delete(counter);
    activations.delete(counter);
    for (let k = 0; k < picks; k++) {
      const at = Math.floor(random() * pool.length);
      const node = pool[at] as number;
      pool[at] = pool[pool.length - 1] as number;
      pool.pop();
      const since = standbySince[node] as number;
      if (since <= rules.tagUntil) waits.push(counter - since + rules.syncCycles);
      const period = minPeriod + Math.floor(random() * (maxPeriod - minPeriod + 1));
      record.joined.push({ publicKey: `key-c${node}`, id: `c${node}`, foundation: false });
      schedule(activations, counter + rules.syncCycles, `key-c${node}`);
      schedule(leaves, counter + rules.syncCycles + period, `c${node}`);
      syncing += 1;
      record.standbyAdded.push(`key-${addToStandby(counter)}`);
    }
    if (foundationPick) {
      record.joined.push({ publicKey: `key-f${counter}`, id: `f${counter}`, foundation: true });
      schedule(activations, counter + rules.syncCycles, `key-f${counter}`);
      schedule(leaves, counter + rules.syncCycles + maxPeriod, `f${counter}`);
    }
    record.active = active;
    if (counter > warmUp) {
      activeTime += active;
      allTime += active + syncing + pool.length;
    }
    records.push(record);
  }
  const unfinished = pool.filter((node) => (standbySince[node] as number) <= rules.tagUntil).length;
  return { records, waits, unfinished, activeShare: activeTime / allTime };
}

/** The empirical q-quantile: the smallest sample with at least q of the samples at or below it. */
export function empiricalQuantile(sorted: readonly number[], quantile: number): number {
  return sorted[Math.max(0, Math.ceil(quantile * sorted.length) - 1)] as number;
}
