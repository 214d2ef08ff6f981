import { isAlertKind, type EventPayload, type NodeChange, type NodeChangeKind } from '@shm/contracts';
import { changeAlert, type Figures } from './alert-messages';
import type { AlertsDomain } from './deps';
import { EMPTY_EPISODE, decide, remind, type EpisodeState, type Told } from './episodes';
import { followActivity, notifyStuckActive } from './notify-stuck-active';
import { schedulePenaltyChecks } from './notify-penalty';
import { teller, watchersOf, type NotifyOutcome, type Tell } from './tell-alert';

export type { NotifyOutcome } from './tell-alert';

/** Changes that may end an episode without alerting by themselves (docs/alerts.md, "Episodes"). */
const ENDING_ONLY: readonly NodeChangeKind[] = ['refuted', 'standby-added'];
const matters = (kind: NodeChangeKind) => isAlertKind(kind) || ENDING_ONLY.includes(kind);

/** The money figures of a change, looked up once however many wallets are told. */
function figuresOf(domain: AlertsDomain) {
  const known = new Map<string, Promise<Figures>>();
  return (change: NodeChange, told: Told): Promise<Figures> => {
    const cached = known.get(change.id);
    if (cached) return cached;
    const leftActive = change.from === 'active' && change.to === 'gone' && told.phase !== 'reminder';
    const figures = (async (): Promise<Figures> => ({
      rewardPerHour: domain.alerts.rate.perHour(),
      earnedSHM: leftActive ? await domain.alerts.money.periodEarned(change.publicKey, change.at) : null,
    }))();
    known.set(change.id, figures);
    return figures;
  };
}

/**
 * One `nodes.changed` event: each change of a linked node is decided against the episode of that node
 * and wallet (episodes.ts): an info alert, a problem, a recovery or nothing. What is told gets an in-app
 * notification and a delivery per destination, stored BEFORE the episode is saved: handling the same
 * event again (a redelivery, two replicas, a crash between) decides the same, and every id derives
 * from the change id, so nothing is stored or queued twice. Then the nodes active far longer than
 * the observed P99 period are found (notify-stuck-active.ts), a watched node's incident that the
 * chain may penalise gets its penalty checks scheduled (notify-penalty.ts), and the open episodes whose daily
 * reminder is due are reminded (each event is a tick of the clock: one a cycle on a live network).
 */
export async function notifyNodeChanges(domain: AlertsDomain, event: EventPayload<'nodes.changed'>, publishedAt: Date): Promise<NotifyOutcome> {
  const outcome: NotifyOutcome = { notifications: 0, deliveries: 0 };
  if (domain.now().getTime() - publishedAt.getTime() > domain.alerts.maxEventAgeMs) return outcome;
  const tell = teller(domain, outcome);
  const changes = event.changes.filter((c) => matters(c.kind));
  if (changes.length) {
    const watchers = await watchersOf(domain, changes.map((c) => c.publicKey));
    const figures = figuresOf(domain);
    // Every pair's episode in one read; kept up to date here as the event's changes are decided in order.
    const pairs = [...watchers].flatMap(([publicKey, wallets]) => [...wallets.keys()].map((wallet) => ({ publicKey, wallet })));
    const states = pairs.length ? await domain.alerts.episodes.getMany(pairs) : new Map<string, EpisodeState>();
    await tell.prepare(pairs.map((pair) => pair.wallet));
    for (const change of changes) {
      const key = change.publicKey.toLowerCase();
      for (const [wallet, label] of watchers.get(key) ?? []) {
        const state = states.get(`${key}:${wallet}`) ?? EMPTY_EPISODE;
        const { told, next } = decide(state, change, domain.alerts.rules);
        if (told) await tell(change.id, wallet, changeAlert(change, label, told, await figures(change, told)));
        // A node that never had a problem keeps no record: info alerts are kept once by their ids alone.
        if (state !== EMPTY_EPISODE || next.open || next.lastClosed) {
          await domain.alerts.episodes.save(key, wallet, next);
          states.set(`${key}:${wallet}`, next);
        }
      }
    }
    await schedulePenaltyChecks(domain, changes, watchers);
  }
  await followActivity(domain, event.changes);
  await notifyStuckActive(domain, event, tell);
  await remindDue(domain, tell);
  return outcome;
}

/** Reminders of open episodes whose time has come; a wallet that no longer links the node has its episode closed without a word. */
async function remindDue(domain: AlertsDomain, tell: Tell): Promise<void> {
  const now = domain.now();
  const due = await domain.alerts.episodes.due(now);
  if (!due.length) return;
  const watchers = await watchersOf(domain, due.map((episode) => episode.publicKey));
  await tell.prepare(due.map((episode) => episode.wallet));
  for (const { publicKey, wallet, state } of due) {
    const wallets = watchers.get(publicKey);
    if (!wallets?.has(wallet)) {
      await domain.alerts.episodes.save(publicKey, wallet, { ...state, open: null } satisfies EpisodeState);
      continue;
    }
    const reminder = remind(state, now, domain.alerts.rules);
    if (!reminder || !state.open) continue;
    const figures: Figures = { rewardPerHour: domain.alerts.rate.perHour(), earnedSHM: null };
    await tell(reminder.reminderId, wallet, changeAlert(state.open.change, wallets.get(wallet), reminder.told, figures));
    await domain.alerts.episodes.save(publicKey, wallet, reminder.next);
  }
}
