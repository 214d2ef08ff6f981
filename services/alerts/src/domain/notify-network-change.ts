import { movesFigures, type EventPayload, type NetworkChange, type ParamValue } from '@shm/contracts';
import type { AlertsDomain } from './deps';
import type { NotifyOutcome } from './notify-node-changes';
import type { AlertContent } from './ports';
import { queueDelivery } from './tell-alert';

/** Every wallet that has an alert destination: a network change concerns each of them. */
export interface DestinationWallets {
  all(): Promise<string[]>;
}

const shm = (value: number) => `${Number(value.toFixed(4))} SHM`;
const shown = (value: ParamValue | null) => (value === null ? '(none)' : String(value));

/**
 * "Network: reward per active hour 10 SHM → 8 SHM from cycle C (announced)": the figures the
 * calculator uses when they move, else the parameters themselves; with the rate-lock rule for a cut.
 */
export function networkChangeMessage(change: NetworkChange): string {
  const when = change.cycle === null ? 'at a cycle not yet named' : `from cycle ${change.cycle}`;
  const status = change.status === 'announced' ? 'announced' : 'in force';
  if (movesFigures(change)) {
    const { before, after } = change;
    const parts = [
      before.rewardPerHour !== after.rewardPerHour ? `reward per active hour ${shm(before.rewardPerHour)} → ${shm(after.rewardPerHour)}` : null,
      before.stakeRequired !== after.stakeRequired ? `stake required ${shm(before.stakeRequired)} → ${shm(after.stakeRequired)}` : null,
    ].filter(Boolean);
    const lock = after.rewardPerHour < before.rewardPerHour ? ' A node already active keeps the higher rate until it rotates out.' : '';
    return `Network: ${parts.join(', ')} ${when} (${status}).${lock}`;
  }
  const parts = change.changes.map((c) => `${c.parameter} ${shown(c.from)} → ${shown(c.to)}`);
  return `Network: ${parts.join(', ')} ${when} (${status}).`;
}

/**
 * One `network.changed` event: one delivery per destination of every wallet that has one, each with
 * the id `network:<change id>:<destination id>` (its Idempotency-Key), so handling the event again
 * (a redelivery, two replicas) queues nothing twice; a delivery stored but not queued is queued on
 * the second pass. Delivered as every alert is (deliver-alert.ts: retries, signed webhooks). There is
 * no in-app notification: those are about a linked node.
 */
export async function notifyNetworkChange(
  domain: AlertsDomain,
  wallets: DestinationWallets,
  event: EventPayload<'network.changed'>,
  publishedAt: Date,
): Promise<NotifyOutcome> {
  const outcome: NotifyOutcome = { notifications: 0, deliveries: 0 };
  if (domain.now().getTime() - publishedAt.getTime() > domain.alerts.maxEventAgeMs) return outcome;
  const { change } = event;
  const at = domain.now().toISOString();
  const alert: AlertContent = { type: 'network.changed', change: null, nodeLabel: 'Network', message: networkChangeMessage(change), at: event.at };
  const destinations = await domain.alerts.destinations.ofWallets(await wallets.all());
  for (const [wallet, theirs] of destinations) {
    for (const destination of theirs) {
      const delivery = { id: `network:${change.id}:${destination.id}`, walletAddress: wallet, destinationId: destination.id, notificationId: null, alert };
      if (await queueDelivery(domain, delivery, at)) outcome.deliveries++;
    }
  }
  return outcome;
}
