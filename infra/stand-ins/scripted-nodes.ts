// Nodes a test moves through the network by hand, beside the simulated rotation: a given public key
// joins standby, is selected (joinedConsensors: it syncs, and the simulation activates it
// `syncCycles` later), then leaves by rotation (`removed`) or by being lost (`lost`, then
// `apoptosized` the next cycle unless it refutes). Each action shows in the next cycle's record, as
// the real network would write it (shardeum/core 1a76da4 src/p2p/Lost.ts: the previous cycle's
// `lost` minus `refuted` becomes `apoptosized`). Scripted nodes hold no community slot and are never
// picked by the simulated rotation. A join may name the node's shardeum version (its join request's
// appJoinData.version, cycle-record.ts); a rejoin without one keeps the version it had.
import { createHash } from 'node:crypto';
import type { CycleEvents, SimNode } from './sim-types';

/** `join`: standbyAdd; `unjoin`: standbyRemove; `select`: joinedConsensors; `remove`: removed; `lose`: lost (then apoptosized); `refute`: refuted (a lost node stays). */
export const SCRIPT_ACTIONS = ['join', 'unjoin', 'select', 'remove', 'lose', 'refute'] as const;
export type ScriptAction = (typeof SCRIPT_ACTIONS)[number];
export type ScriptedState = 'standby' | 'syncing' | 'active' | 'lost' | 'gone';

/** Which state each action needs the node in (undefined: not known yet, or gone). */
const NEEDS: Record<ScriptAction, readonly (ScriptedState | undefined)[]> = {
  join: [undefined, 'gone'],
  unjoin: ['standby'],
  select: ['standby'],
  remove: ['active'],
  lose: ['active'],
  refute: ['lost'],
};

export class ScriptError extends Error {}

export interface SimSets {
  active: Map<string, SimNode>;
  syncing: Map<string, SimNode>;
  syncCycles: number;
}

export function createScriptedNodes() {
  const nodes = new Map<string, SimNode>();
  const standby = new Map<string, SimNode>();
  const lost = new Map<string, SimNode>();
  const pending = new Map<string, ScriptAction>();
  const versions = new Map<string, string>();

  const nodeOf = (publicKey: string): SimNode => {
    const known = nodes.get(publicKey);
    if (known) return known;
    const index = 1_000_000 + nodes.size;
    const ip = `${(index >> 8) & 255}.${index & 255}`;
    const node: SimNode = {
      index,
      // Node ids are hashes in the real network too; derived here so the simulation's key stream is untouched.
      id: createHash('sha256').update(`scripted-node-id:${publicKey}`).digest('hex'),
      publicKey,
      externalIp: `35.250.${ip}`,
      externalPort: 9001,
      internalIp: `10.250.${ip}`,
      internalPort: 10001,
      foundation: false,
      standbyAt: 0,
    };
    nodes.set(publicKey, node);
    return node;
  };

  function stateOf(publicKey: string, sets: SimSets): ScriptedState | undefined {
    const node = nodes.get(publicKey);
    if (!node) return undefined;
    if (lost.has(publicKey)) return 'lost';
    if (standby.has(publicKey)) return 'standby';
    if (sets.syncing.has(node.id)) return 'syncing';
    if (sets.active.has(node.id)) return 'active';
    return 'gone';
  }

  return {
    stateOf,
    /** Scripted nodes waiting in standby, in join order. */
    standbyNodes: () => [...standby.values()],
    /** Queues an action for the next cycle; throws a ScriptError when the node is not where the action needs it. */
    schedule(publicKey: string, action: ScriptAction, sets: SimSets, options: { version?: string } = {}): void {
      if (!/^[0-9a-f]{64}$/.test(publicKey)) throw new ScriptError('publicKey must be 64 lower-case hex characters');
      if (!SCRIPT_ACTIONS.includes(action)) throw new ScriptError(`action must be one of ${SCRIPT_ACTIONS.join(', ')}`);
      if (pending.has(publicKey)) throw new ScriptError(`${publicKey} already has ${pending.get(publicKey)} waiting for the next cycle`);
      const state = stateOf(publicKey, sets);
      if (!NEEDS[action].includes(state)) throw new ScriptError(`cannot ${action} a node that is ${state ?? 'unknown'}`);
      if (options.version !== undefined) {
        if (action !== 'join') throw new ScriptError('version is named only with join');
        if (!/^\d{1,9}(\.\d{1,9}){0,3}$/.test(options.version)) throw new ScriptError('version must be a version such as 1.17.0');
        versions.set(publicKey, options.version);
      }
      pending.set(publicKey, action);
    },
    /** Applies this cycle's actions and last cycle's losses to the simulation's sets and events. */
    step(counter: number, events: CycleEvents, sets: SimSets): void {
      const refuting = new Set([...pending].filter(([, action]) => action === 'refute').map(([key]) => key));
      for (const [key, node] of lost) {
        lost.delete(key);
        if (refuting.has(key)) events.refuted.push(node);
        else {
          sets.active.delete(node.id);
          events.apoptosized.push(node);
        }
      }
      for (const [key, action] of pending) {
        const node = nodeOf(key);
        if (action === 'join') {
          node.standbyAt = counter;
          const version = versions.get(key);
          if (version) node.version = version;
          versions.delete(key);
          standby.set(key, node);
          events.standbyAdd.push(node);
        } else if (action === 'unjoin') {
          standby.delete(key);
          events.standbyRemove.push(node);
        } else if (action === 'select') {
          standby.delete(key);
          Object.assign(node, { joinedAt: counter, activeAt: counter + sets.syncCycles });
          sets.syncing.set(node.id, node);
          events.joined.push(node);
        } else if (action === 'remove') {
          sets.active.delete(node.id);
          events.removed.push(node);
        } else if (action === 'lose') {
          lost.set(key, node);
          events.lost.push(node);
        }
      }
      pending.clear();
    },
  };
}

export type ScriptedNodes = ReturnType<typeof createScriptedNodes>;
