import type { AlertPhase, AlertTrigger, NodeChange, NodeChangeKind } from '@shm/contracts';

/**
 * Episodes (docs/alerts.md, "Episodes"): a problem of a node opens one per node and wallet; while it is
 * open the same problem again says nothing, a worse one says so once, its end sends one recovery.
 * Pure functions of the stored state and the change, so a replayed change decides the same.
 */

/** Problems, by how bad: a worse one in an open episode is told; the same or a milder one is not. */
export const PROBLEM_SEVERITY: Partial<Record<AlertTrigger, number>> = { lost: 1, 'stuck-active': 1, 'standby-removed': 2, apoptosized: 3, vanished: 3 };
export const isProblem = (trigger: AlertTrigger): boolean => PROBLEM_SEVERITY[trigger] !== undefined;

/** Which changes end an episode whose worst problem is the key: refuted answers only a loss; back in standby, selected or active again end any. */
function ends(kind: NodeChangeKind, problem: AlertTrigger): boolean {
  if (kind === 'selected' || kind === 'activated' || kind === 'standby-added') return true;
  if (kind === 'refuted') return problem === 'lost';
  // Leaving the active set ends being stuck in it.
  if (kind === 'removed') return problem === 'stuck-active';
  return false;
}

/** Changes that alert by themselves when no episode is involved (ALERT_KINDS less the problems). */
const INFO_KINDS: readonly NodeChangeKind[] = ['selected', 'activated', 'removed'];
/**
 * A version below the minimum is told on its own, beside the node's episode (docs/alerts.md, "New
 * triggers"): its state changes neither start nor end it. The tracker tells it once per minimum, and
 * its end (`version-updated`, a rejoin at or above that minimum) as a recovery naming the problem's id.
 */
function alone(change: NodeChange): Told | null {
  const { kind, minimum, publicKey } = change;
  if (kind === 'version-below-minimum') return { phase: 'problem', trigger: kind, episodeId: null };
  if (kind === 'version-updated') return { phase: 'recovery', trigger: kind, episodeId: `${minimum?.version}:${publicKey}:version-below-minimum` };
  return INFO_KINDS.includes(kind) ? { phase: 'info', trigger: kind, episodeId: null } : null;
}

export interface OpenEpisode {
  /** The id of the change that opened it (a `stuck-active` episode: `<activated change id>:stuck-active`). */
  id: string;
  /** The change that opened it: a reminder names it. */
  change: NodeChange;
  /** The worst problem told so far. */
  worst: AlertTrigger;
  openedCycle: number;
  openedAt: string;
  /** Reopened within the flap window after the same problem ended: nothing was told, so its end tells nothing either. */
  silent: boolean;
  reminders: number;
  /** When the next reminder is due (ISO); from the opening change's time, so a replay computes the same. */
  nextReminderAt: string;
}

export interface EpisodeState {
  open: OpenEpisode | null;
  /** The last episode that ended: a flap reopening it within the window stays silent. */
  lastClosed: { id: string; worst: AlertTrigger; closedCycle: number } | null;
  /** Change ids already applied (the newest few): a replay of one decides nothing. */
  applied: string[];
}

export const EMPTY_EPISODE: EpisodeState = { open: null, lastClosed: null, applied: [] };
const APPLIED_KEPT = 20;

export interface EpisodeRules {
  /** A reminder of a still-open problem at most this often (ALERT_REMINDER_MS). */
  reminderMs: number;
  /** The same problem again within this many cycles of its recovery is a flap: no new alert, no second recovery. */
  flapCycles: number;
}

/** What to tell, if anything: the phase, and the episode it belongs to (null for info). */
export interface Told {
  phase: AlertPhase;
  trigger: AlertTrigger;
  episodeId: string | null;
  /** The episode's opening (for a recovery: how long the problem lasted). */
  since?: { cycle: number; at: string };
}

export interface Decision {
  told: Told | null;
  next: EpisodeState;
}

const remember = (state: EpisodeState, id: string): string[] => [...state.applied.filter((known) => known !== id), id].slice(-APPLIED_KEPT);

/** A problem found rather than recorded (stuck-active): its own trigger and id, found at a cycle of its own. */
export interface Finding {
  trigger: AlertTrigger;
  id: string;
  cycle: number;
  at: string;
}

/**
 * One change, or one finding about the node that `change` names, against the episode state of a
 * node and wallet.
 */
export function decide(state: EpisodeState, change: NodeChange, rules: EpisodeRules, finding?: Finding): Decision {
  const { trigger, id, cycle, at } = finding ?? { trigger: change.kind, id: change.id, cycle: change.cycle, at: change.at };
  if (state.applied.includes(id)) return { told: null, next: state };
  const applied = remember(state, id);
  const { open } = state;
  if (isProblem(trigger)) {
    if (open) {
      if ((PROBLEM_SEVERITY[trigger] ?? 0) <= (PROBLEM_SEVERITY[open.worst] ?? 0)) return { told: null, next: { ...state, applied } };
      const worse = { ...open, worst: trigger, silent: false };
      return { told: { phase: 'problem', trigger, episodeId: open.id, since: { cycle: open.openedCycle, at: open.openedAt } }, next: { ...state, open: worse, applied } };
    }
    const flap = state.lastClosed !== null && state.lastClosed.worst === trigger && cycle - state.lastClosed.closedCycle <= rules.flapCycles;
    const opened: OpenEpisode = {
      id,
      change,
      worst: trigger,
      openedCycle: cycle,
      openedAt: at,
      silent: flap,
      reminders: 0,
      nextReminderAt: new Date(Date.parse(at) + rules.reminderMs).toISOString(),
    };
    return { told: flap ? null : { phase: 'problem', trigger, episodeId: id }, next: { ...state, open: opened, applied } };
  }
  if (open && ends(change.kind, open.worst)) {
    const next: EpisodeState = { open: null, lastClosed: { id: open.id, worst: open.worst, closedCycle: cycle }, applied };
    const since = { cycle: open.openedCycle, at: open.openedAt };
    if (!open.silent) return { told: { phase: 'recovery', trigger, episodeId: open.id, since }, next };
    return { told: INFO_KINDS.includes(change.kind) ? { phase: 'info', trigger, episodeId: null } : null, next };
  }
  return { told: alone(change), next: { ...state, applied } };
}

/** A reminder when the open episode's is due at `now`: its id is fixed by its number, so a retry sends the same one. */
export function remind(state: EpisodeState, now: Date, rules: EpisodeRules): { reminderId: string; told: Told; next: EpisodeState } | null {
  const { open } = state;
  if (!open || Date.parse(open.nextReminderAt) > now.getTime()) return null;
  const number = open.reminders + 1;
  // The next one a whole interval after now: a service down for days sends one reminder, not one per missed day.
  const due = now.getTime() + rules.reminderMs;
  return {
    reminderId: `${open.id}:reminder-${number}`,
    told: { phase: 'reminder', trigger: open.worst, episodeId: open.id, since: { cycle: open.openedCycle, at: open.openedAt } },
    next: { ...state, open: { ...open, reminders: number, nextReminderAt: new Date(due).toISOString() } },
  };
}
