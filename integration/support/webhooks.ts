import { dashboardContract, IDENTITY_HEADER, type DestinationReply } from '@shm/contracts';
import { signIdentity } from '@shm/platform';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '@shm/platform/testing';
import { Webhook } from 'standardwebhooks';
import { SECRET } from './env';

export interface WalletWebhook {
  hook: WebhookReceiver;
  destinationId: string;
  /** Every request the receiver got, each verified (Standard Webhooks) with the secret the create reply showed once; throws on one that does not verify. */
  verified: <T = Record<string, unknown>>() => T[];
}

/**
 * A webhook receiver made `wallet`'s alert destination through the alerts service at `alertsUrl`, as
 * the gateway would call it for the signed-in wallet; created once the service's alert routes follow
 * the flag. `receivers` collects it for the file's afterAll to close.
 */
export async function webhookOf(alertsUrl: string, wallet: string, receivers: WebhookReceiver[]): Promise<WalletWebhook> {
  const hook = await startWebhookReceiver();
  receivers.push(hook);
  const created = await eventually(async () => {
    const res = await fetch(`${alertsUrl}${dashboardContract.createDestination.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDENTITY_HEADER]: signIdentity({ wallet }, SECRET) },
      body: JSON.stringify({ channel: 'webhook', url: hook.url }),
    });
    return res.status === 201 ? ((await res.json()) as DestinationReply) : undefined;
  }, 'the alert routes to follow the flag');
  const verifier = new Webhook(created.secret ?? '');
  return {
    hook,
    destinationId: created.destination.id,
    verified: <T>() => hook.attempts.map((attempt) => verifier.verify(attempt.raw, attempt.headers) as T),
  };
}
