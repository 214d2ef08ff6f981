import { ALERT_LIST_LIMIT, ErrorCode, type AlertChannel, type AlertDestination, type AlertsReply, type Delivery } from '@shm/contracts';
import { AppError } from '@shm/platform';
import type { AlertDestinationRecord, DeliveryRecord } from './ports';
import { testAlert } from './alert-messages';
import type { AlertsDomain } from './deps';
import { assertBelowLimit, notFound } from './errors';

export interface NewDestination {
  channel: AlertChannel;
  url: string;
  chatId?: string;
  label?: string;
}

/** Scheme and host only: a Discord or Telegram URL's path is its secret. */
export function urlPreview(raw: string): string {
  const url = new URL(raw);
  return `${url.protocol}//${url.host}${url.pathname !== '/' || url.search ? '/…' : ''}`;
}

const CHANNEL_NAMES: Record<AlertChannel, string> = { webhook: 'Webhook', discord: 'Discord', telegram: 'Telegram' };

/** What the app sees: never the URL's path, never the secret (shown once, in the create or rotate reply). */
export function destinationView({ url, updatedAt: _u, secret, ...record }: AlertDestinationRecord): AlertDestination {
  return { ...record, urlPreview: urlPreview(url), signed: record.channel === 'webhook' && secret !== null };
}

export function deliveryView({ walletAddress: _w, alert: _a, ...delivery }: DeliveryRecord): Delivery {
  return delivery;
}

export async function listAlerts(domain: AlertsDomain, wallet: string): Promise<Omit<AlertsReply, 'success'>> {
  const [destinations, notifications, deliveries] = await Promise.all([
    domain.alerts.destinations.list(wallet),
    domain.alerts.notifications.latest(wallet, ALERT_LIST_LIMIT),
    domain.alerts.deliveries.latest(wallet, ALERT_LIST_LIMIT),
  ]);
  return {
    destinations: destinations.map(destinationView),
    notifications: notifications.map(({ walletAddress: _w, ...n }) => n),
    deliveries: deliveries.map(deliveryView),
  };
}

/**
 * The URL is checked (and resolved) before anything is stored; the same check runs again at each delivery.
 * A webhook gets its signing secret here, answered this once (Discord and Telegram: null, not signed).
 */
export async function createDestination(domain: AlertsDomain, wallet: string, input: NewDestination): Promise<{ destination: AlertDestination; secret: string | null }> {
  const refusal = await domain.alerts.targets.refusal(input.url);
  if (refusal) throw AppError.validation({ url: refusal });
  return domain.lock.run(wallet, async (held) => {
    assertBelowLimit(await domain.alerts.destinations.count(wallet), 'alertDestinations', 'alert destinations');
    const at = domain.now().toISOString();
    const record: AlertDestinationRecord = {
      id: domain.newId(),
      walletAddress: wallet,
      channel: input.channel,
      label: input.label || `${CHANNEL_NAMES[input.channel]} ${new URL(input.url).hostname}`,
      url: input.url,
      chatId: input.channel === 'telegram' ? (input.chatId ?? null) : null,
      secret: input.channel === 'webhook' ? domain.newSecret() : null,
      createdAt: at,
      updatedAt: at,
    };
    held.throwIfAborted();
    await domain.alerts.destinations.insert(record);
    return { destination: destinationView(record), secret: record.secret };
  });
}

/**
 * A new secret for a webhook, answered this once; the old one stops signing at once (no grace period:
 * docs/alerts.md says why). A webhook added before signing gets its first secret here.
 */
export async function rotateDestinationSecret(domain: AlertsDomain, wallet: string, id: string): Promise<string> {
  const destination = await domain.alerts.destinations.get(wallet, id);
  if (!destination) throw notFound('Alert destination');
  if (destination.channel !== 'webhook') throw new AppError(ErrorCode.CONFLICT, 409, 'Only webhook destinations are signed; a Discord or Telegram URL is its own secret');
  const secret = domain.newSecret();
  if (!(await domain.alerts.destinations.setSecret(wallet, id, secret, domain.now().toISOString()))) throw notFound('Alert destination');
  return secret;
}

/** Its deliveries go with it; a job still queued for one finds nothing to send and completes. */
export async function deleteDestination(domain: AlertsDomain, wallet: string, id: string): Promise<void> {
  if (!(await domain.alerts.destinations.remove(wallet, id))) throw notFound('Alert destination');
  await domain.alerts.deliveries.removeForDestination(wallet, id);
}

/** A sample alert through the same queue, retries and checks as a real one. */
export async function testDestination(domain: AlertsDomain, wallet: string, id: string): Promise<Delivery> {
  const destination = await domain.alerts.destinations.get(wallet, id);
  if (!destination) throw notFound('Alert destination');
  const at = domain.now().toISOString();
  const delivery: DeliveryRecord = {
    id: `test:${domain.newId()}:${destination.id}`,
    walletAddress: wallet,
    destinationId: destination.id,
    notificationId: null,
    status: 'pending',
    attempts: 0,
    lastError: null,
    test: true,
    alert: testAlert(destination.label, at),
    createdAt: at,
    updatedAt: at,
  };
  await domain.alerts.deliveries.insert(delivery);
  await domain.alerts.queue.enqueue(delivery);
  return deliveryView(delivery);
}
