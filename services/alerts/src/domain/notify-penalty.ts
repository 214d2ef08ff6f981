import type { NodeChange } from '@shm/contracts';
import { shortKey } from './alert-messages';
import type { AlertsDomain } from './deps';
import type { AlertContent } from './ports';
import { checkDelay, penaltiesAfter, penaltyMayFollow, penaltyMessage, type PenaltyRecord } from './penalty-rules';
import { teller, watchersOf, type NotifyOutcome, type Watchers } from './tell-alert';

export interface PenaltyCheck {
  incident: NodeChange;
  step: number;
}

/** What one check did: whether the penalties could be read, the penalties it holds for its incident, what it stored, the next step (null: none). */
export interface PenaltyCheckOutcome extends NotifyOutcome {
  read: boolean;
  found: number;
  next: number | null;
}

/**
 * After a `nodes.changed` event: each change of a watched node that shardeum may penalise
 * (penalty-rules.ts) gets its first check, due the schedule's first delay after its cycle start. The
 * job's id derives from the change id, so the same event handled again (a retry, two replicas)
 * schedules nothing twice.
 */
export async function schedulePenaltyChecks(domain: AlertsDomain, changes: readonly NodeChange[], watchers: Watchers): Promise<void> {
  const { checks, rules } = domain.alerts.penalty;
  for (const incident of changes) {
    if (!penaltyMayFollow(incident) || !watchers.get(incident.publicKey.toLowerCase())?.size) continue;
    const delay = checkDelay(rules, 0, incident.at, domain.now());
    if (delay !== null) await checks.schedule({ incident: { ...incident, publicKey: incident.publicKey.toLowerCase() }, step: 0 }, delay);
  }
}

function penaltyAlert(incident: NodeChange, label: string | undefined, penalty: PenaltyRecord): AlertContent & { change: NodeChange } {
  const nodeLabel = label?.trim() || shortKey(incident.publicKey);
  return { type: 'node.changed', change: incident, nodeLabel, message: penaltyMessage(nodeLabel, penalty), phase: 'info', trigger: 'penalty', episodeId: null, at: penalty.at };
}

/**
 * One check: reads the node's penalties from the network service; each one dated at or after the
 * incident (less the slack) that this incident claims first is told once to every destination of
 * every wallet watching the node now (ids `penalty:<txHash>`, so a retried job, two replicas or a
 * restart store and send nothing twice). Found: the checks end. Otherwise, unreadable included, the
 * next check is scheduled, until the schedule ends: the network service being away only delays it.
 */
export async function checkPenalty(domain: AlertsDomain, { incident, step }: PenaltyCheck): Promise<PenaltyCheckOutcome> {
  const outcome: PenaltyCheckOutcome = { notifications: 0, deliveries: 0, read: false, found: 0, next: null };
  const { read, claims, rules } = domain.alerts.penalty;
  const rows = await read.of(incident.publicKey);
  if (rows) {
    outcome.read = true;
    const tell = teller(domain, outcome);
    let watchers: Watchers | undefined;
    for (const penalty of penaltiesAfter(rows, incident.at, rules.slackMs)) {
      const txHash = penalty.txHash ?? '';
      if ((await claims.claim(txHash, incident.id, incident.publicKey)) !== incident.id) continue;
      outcome.found++;
      watchers ??= await watchersOf(domain, [incident.publicKey]);
      for (const [wallet, label] of watchers.get(incident.publicKey) ?? []) await tell(`penalty:${txHash}`, wallet, penaltyAlert(incident, label, penalty));
    }
  }
  if (outcome.found === 0) outcome.next = await scheduleNext(domain, { incident, step });
  return outcome;
}

/** Schedules the check after `step`, if the schedule has one; answers its step. */
export async function scheduleNext(domain: AlertsDomain, { incident, step }: PenaltyCheck): Promise<number | null> {
  const delay = checkDelay(domain.alerts.penalty.rules, step + 1, incident.at, domain.now());
  if (delay === null) return null;
  await domain.alerts.penalty.checks.schedule({ incident, step: step + 1 }, delay);
  return step + 1;
}
