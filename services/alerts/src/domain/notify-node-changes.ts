import { isAlertKind, type EventPayload, type NodeChange } from '@shm/contracts';
import type { AlertDestinationRecord, DeliveryRecord } from './ports';
import { changeAlert } from './alert-messages';
import type { AlertsDomain } from './deps';

export interface NotifyOutcome {
  notifications: number;
  deliveries: number;
}

/** The wallets linking each key, with the label of the wallet's entry (one lookup for the whole event). */
async function watchersOf(domain: AlertsDomain, changes: NodeChange[]): Promise<Map<string, Map<string, string | undefined>>> {
  const keys = [...new Set(changes.map((c) => c.publicKey.toLowerCase()))];
  const watchers = new Map<string, Map<string, string | undefined>>();
  for (const entry of await domain.watchers.linkedTo(keys)) {
    const wallets = watchers.get(entry.nodePublicKey) ?? new Map<string, string | undefined>();
    if (!wallets.get(entry.walletAddress)) wallets.set(entry.walletAddress, entry.label);
    watchers.set(entry.nodePublicKey, wallets);
  }
  return watchers;
}

/**
 * One `nodes.changed` event: for each alert-worthy change of a linked node, an in-app notification
 * per wallet watching it and a delivery job per destination of that wallet. Every id derives from
 * the change id, so handling the same event again (a redelivery, two replicas, a re-published cycle)
 * stores nothing twice and queues nothing twice; a delivery stored but not queued (a crash between
 * the two) is queued on the second pass.
 */
export async function notifyNodeChanges(domain: AlertsDomain, event: EventPayload<'nodes.changed'>, publishedAt: Date): Promise<NotifyOutcome> {
  const outcome: NotifyOutcome = { notifications: 0, deliveries: 0 };
  const changes = event.changes.filter((c) => isAlertKind(c.kind));
  if (!changes.length || domain.now().getTime() - publishedAt.getTime() > domain.alerts.maxEventAgeMs) return outcome;
  const watchers = await watchersOf(domain, changes);
  const destinations = new Map<string, Promise<AlertDestinationRecord[]>>();
  const destinationsOf = (wallet: string) => {
    const known = destinations.get(wallet);
    if (known) return known;
    const listed = domain.alerts.destinations.list(wallet);
    destinations.set(wallet, listed);
    return listed;
  };

  for (const change of changes) {
    for (const [wallet, label] of watchers.get(change.publicKey.toLowerCase()) ?? []) {
      const alert = changeAlert(change, label);
      const at = domain.now().toISOString();
      const notificationId = `${change.id}:${wallet}`;
      const { type: _t, at: _a, ...shown } = alert;
      if (await domain.alerts.notifications.insert({ ...shown, change, id: notificationId, walletAddress: wallet, createdAt: at })) outcome.notifications++;
      for (const destination of await destinationsOf(wallet)) {
        const delivery: DeliveryRecord = {
          id: `${change.id}:${destination.id}`,
          walletAddress: wallet,
          destinationId: destination.id,
          notificationId,
          status: 'pending',
          attempts: 0,
          lastError: null,
          test: false,
          alert,
          createdAt: at,
          updatedAt: at,
        };
        const isNew = await domain.alerts.deliveries.insert(delivery);
        if (!isNew && (await domain.alerts.deliveries.get(delivery.id))?.status !== 'pending') continue;
        await domain.alerts.queue.enqueue(delivery);
        if (isNew) outcome.deliveries++;
      }
    }
  }
  return outcome;
}
