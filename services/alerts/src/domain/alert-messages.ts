import type { AlertTrigger, NodeChange } from '@shm/contracts';
import type { Told } from './episodes';
import type { AlertContent } from './ports';

/** How a node without an entry label is named: the start and the end of its key. */
export const shortKey = (publicKey: string) => `${publicKey.slice(0, 8)}…${publicKey.slice(-4)}`;

/** The money side of a change, as far as the service knows it (null: not known). */
export interface Figures {
  /** SHM an active node earns per hour, from the network's latest `network.updated`. */
  rewardPerHour: number | null;
  /** SHM the active period that just ended earned (the network's node lookup). */
  earnedSHM: number | null;
  /** Stuck active: cycles in the active set, and the observed P99 of active periods in cycles. */
  stuck?: { cycles: number; p99Cycles: number };
}

/** To the micro-SHM, as the node lookup answers it, without trailing zeros. */
const shm = (value: number) => `${Number(value.toFixed(6))} SHM`;

const rate = (figures: Figures) => (figures.rewardPerHour === null ? "at the network's reward rate (not known to the alerts service yet)" : `at ${shm(figures.rewardPerHour)}/h`);
const earned = (figures: Figures) =>
  figures.earnedSHM === null
    ? "the period's earned SHM is not known yet (the portfolio shows it)"
    : `${shm(figures.earnedSHM)} earned for the period, credited by the chain at the claim`;

/** What each problem is, as a reminder or a recovery names it. */
const PROBLEM: Partial<Record<AlertTrigger, string>> = {
  lost: 'reported lost',
  apoptosized: 'apoptosized',
  vanished: 'vanished from every list',
  'standby-removed': 'dropped from the standby list',
  'stuck-active': 'stuck active',
};

/**
 * A version below the network's minimum: what the network does with it (shardeum c08fc1e src/index.ts:
 * `validateJoinRequest` refuses the join, `canStayOnStandby` drops it from standby) by the node's state.
 */
function versionSentence(change: NodeChange): string {
  const { version = 'unknown', minimum } = change;
  const min = minimum?.version ?? 'unknown';
  const from = minimum?.cycle == null ? '' : minimum.inForce ? ` (in force since cycle ${minimum.cycle})` : ` (from cycle ${minimum.cycle})`;
  const below = `runs version ${version}, below the network's minimum ${min}${from}`;
  if (change.to === 'standby') return `${below}: the network drops it from standby and refuses its joins, so it cannot be selected and earns nothing; update it and rejoin`;
  if (change.to === 'active') return `${below}: it keeps its reward for this active period, but its next join will be refused; update it before it rotates out`;
  return `${below}: it may finish syncing, but its next join will be refused; update it`;
}

/** The sentence of a change alert or a problem: what happened, then what it means for money. */
function changeSentence(trigger: AlertTrigger, change: NodeChange, figures: Figures): string {
  const c = change.cycle;
  switch (trigger) {
    case 'selected':
      return `was selected at cycle ${c}: syncing now, no reward until it is active`;
    case 'activated':
      return `is active: reward clock started at cycle ${c} ${rate(figures)}`;
    case 'removed':
      return `rotated out at cycle ${c}: ${earned(figures)}`;
    case 'apoptosized':
      return `left the active set (apoptosized) at cycle ${c}: ${earned(figures)}; a penalty may follow`;
    case 'lost':
      return `was reported lost at cycle ${c}: a penalty may follow, whether it refutes or is removed (while the network’s slashing is on)`;
    case 'vanished':
      return change.from === 'active' ? `vanished from every list at cycle ${c}: ${earned(figures)}` : `vanished from every list at cycle ${c}`;
    case 'standby-removed':
      return `was dropped from the standby list at cycle ${c} without being selected (a missed standby refresh): it earns nothing and cannot be selected until it rejoins`;
    case 'stuck-active': {
      const { cycles, p99Cycles } = figures.stuck ?? { cycles: 0, p99Cycles: 0 };
      return `has been active ${cycles} cycles since cycle ${c}, far longer than the observed P99 period of ${p99Cycles} cycles: check that it still rotates out`;
    }
    case 'version-below-minimum':
      return versionSentence(change);
    case 'version-updated':
      return `rejoined standby at cycle ${c} with version ${change.version ?? 'unknown'}, at or above the network's minimum ${change.minimum?.version ?? 'unknown'}: the network accepts its joins again, so it can be selected and earn`;
    case 'refuted':
      return `refuted its loss at cycle ${c}: it stays active, its reward clock running`;
    case 'standby-added':
      return `is back in the standby list at cycle ${c}`;
    default:
      return `changed (${trigger}) at cycle ${c}`;
  }
}

/** The sentence a wallet is told, in the app and at each destination. */
export function alertMessage(told: Told, change: NodeChange, nodeLabel: string, figures: Figures): string {
  const problem = PROBLEM[told.trigger] ?? told.trigger;
  if (told.phase === 'reminder') return `Node ${nodeLabel} is still ${problem} since cycle ${told.since?.cycle ?? change.cycle} (a daily reminder)`;
  const sentence = `Node ${nodeLabel} ${changeSentence(told.trigger, change, figures)}`;
  // A recovery outside an episode (a version updated) has no opening cycle to name.
  if (told.phase === 'recovery') return `Recovered: ${sentence}${told.since ? ` (the problem since cycle ${told.since.cycle} is over)` : ''}`;
  return sentence;
}

export function changeAlert(change: NodeChange, label: string | undefined, told: Told, figures: Figures): AlertContent & { change: NodeChange } {
  const nodeLabel = label?.trim() || shortKey(change.publicKey);
  return {
    type: 'node.changed',
    change,
    nodeLabel,
    message: alertMessage(told, change, nodeLabel, figures),
    phase: told.phase,
    trigger: told.trigger,
    episodeId: told.episodeId,
    at: change.at,
  };
}

export function testAlert(label: string, at: string): AlertContent {
  return { type: 'test', change: null, nodeLabel: 'Test node', message: `Test alert for ${label}: this destination works`, at };
}
