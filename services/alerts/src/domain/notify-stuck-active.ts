import type { NodeChange } from '@shm/contracts';
import { changeAlert } from './alert-messages';
import type { AlertsDomain } from './deps';
import { EMPTY_EPISODE, decide } from './episodes';
import { endedPeriodCycles, stuckAfterCycles } from './stuck-active';
import { watchersOf, type Tell } from './tell-alert';

/** Every node's activations and departures in the event, linked or not: the active nodes and the period lengths stuck-active rests on. */
export async function followActivity(domain: AlertsDomain, changes: NodeChange[]): Promise<void> {
  for (const change of changes) {
    const key = change.publicKey.toLowerCase();
    if (change.kind === 'activated') await domain.alerts.activity.started({ ...change, publicKey: key });
    const cycles = endedPeriodCycles(change);
    if (cycles !== null) await domain.alerts.activity.ended(key, { id: change.id, cycles, cycle: change.cycle });
  }
}

/**
 * Linked nodes active longer than ALERT_STUCK_FACTOR × the observed P99 period at `cycle` open a
 * `stuck-active` episode (one alert; leaving the active set is its recovery). Each node is looked
 * at until found stuck once per period; its episode id derives from its activation's change id.
 */
export async function notifyStuckActive(domain: AlertsDomain, { cycle, at }: { cycle: number; at: string }, tell: Tell): Promise<void> {
  const { activity, stuck: rules } = domain.alerts;
  const stuck = stuckAfterCycles(await activity.recentLengths(rules.sample), rules);
  if (!stuck) return;
  const candidates = await activity.activeSince(cycle - stuck.threshold - 1);
  if (!candidates.length) return;
  const watchers = await watchersOf(domain, candidates.map((activated) => activated.publicKey));
  for (const activated of candidates) {
    const id = `${activated.id}:stuck-active`;
    for (const [wallet, label] of watchers.get(activated.publicKey) ?? []) {
      const state = (await domain.alerts.episodes.get(activated.publicKey, wallet)) ?? EMPTY_EPISODE;
      const { told, next } = decide(state, activated, domain.alerts.rules, { trigger: 'stuck-active', id, cycle, at });
      const figures = { rewardPerHour: domain.alerts.rate.perHour(), earnedSHM: null, stuck: { cycles: cycle - activated.cycle, p99Cycles: stuck.p99Cycles } };
      if (told) await tell(id, wallet, changeAlert(activated, label, told, figures));
      await domain.alerts.episodes.save(activated.publicKey, wallet, next);
    }
    await activity.markStuck(activated.publicKey);
  }
}
