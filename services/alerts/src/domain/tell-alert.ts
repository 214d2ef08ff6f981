import type { NodeChange } from '@shm/contracts';
import type { AlertContent, AlertDestinationRecord, DeliveryRecord } from './ports';
import type { AlertsDomain } from './deps';

/** What handling one event did: notifications stored and deliveries queued, new ones only. */
export interface NotifyOutcome {
  notifications: number;
  deliveries: number;
}

export type Watchers = Map<string, Map<string, string | undefined>>;

/** The wallets linking each key, with the label of the wallet's entry (one lookup for the whole event). */
export async function watchersOf(domain: AlertsDomain, publicKeys: string[]): Promise<Watchers> {
  const keys = [...new Set(publicKeys.map((key) => key.toLowerCase()))];
  const watchers: Watchers = new Map();
  if (!keys.length) return watchers;
  for (const entry of await domain.watchers.linkedTo(keys)) {
    const wallets = watchers.get(entry.nodePublicKey) ?? new Map<string, string | undefined>();
    if (!wallets.get(entry.walletAddress)) wallets.set(entry.walletAddress, entry.label);
    watchers.set(entry.nodePublicKey, wallets);
  }
  return watchers;
}

/**
 * Stores one alert for one wallet and queues a delivery per destination; every id derives from `id`, so
 * a repeat stores and sends nothing new. `tell.prepare(wallets)` reads the destinations of every wallet
 * the event may tell in one query: read one wallet at a time, 1,000 wallets were 1,000 reads an event.
 */
export function teller(domain: AlertsDomain, outcome: NotifyOutcome) {
  const destinations = new Map<string, Promise<AlertDestinationRecord[]>>();
  const destinationsOf = (wallet: string) => {
    const known = destinations.get(wallet) ?? domain.alerts.destinations.ofWallets([wallet]).then((found) => found.get(wallet) ?? []);
    destinations.set(wallet, known);
    return known;
  };
  const tell = async (id: string, wallet: string, alert: AlertContent & { change: NodeChange }) => {
    const at = domain.now().toISOString();
    const notificationId = `${id}:${wallet}`;
    const { type: _t, at: _a, ...shown } = alert;
    if (await domain.alerts.notifications.insert({ ...shown, id: notificationId, walletAddress: wallet, createdAt: at })) outcome.notifications++;
    for (const destination of await destinationsOf(wallet)) {
      if (await queueDelivery(domain, { id: `${id}:${destination.id}`, walletAddress: wallet, destinationId: destination.id, notificationId, alert }, at)) outcome.deliveries++;
    }
  };
  tell.prepare = async (wallets: Iterable<string>) => {
    const unknown = [...new Set(wallets)].filter((wallet) => !destinations.has(wallet));
    if (!unknown.length) return;
    const found = await domain.alerts.destinations.ofWallets(unknown);
    for (const wallet of unknown) destinations.set(wallet, Promise.resolve(found.get(wallet) ?? []));
  };
  return tell;
}

export type Tell = ReturnType<typeof teller>;

/**
 * Stores a pending delivery once (its id derives from what it tells, and is its Idempotency-Key) and
 * queues it while still pending, so a second pass queues what a crash left stored but unqueued.
 * True when it was stored now.
 */
export async function queueDelivery(
  domain: AlertsDomain,
  fields: Pick<DeliveryRecord, 'id' | 'walletAddress' | 'destinationId' | 'notificationId' | 'alert'>,
  at: string,
): Promise<boolean> {
  const delivery: DeliveryRecord = { ...fields, status: 'pending', attempts: 0, lastError: null, test: false, createdAt: at, updatedAt: at };
  const isNew = await domain.alerts.deliveries.insert(delivery);
  if (!isNew && (await domain.alerts.deliveries.get(delivery.id))?.status !== 'pending') return false;
  await domain.alerts.queue.enqueue(delivery);
  return isNew;
}
