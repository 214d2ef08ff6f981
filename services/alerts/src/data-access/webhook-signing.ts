import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** 32 random bytes, base64, with the `whsec_` prefix the Standard Webhooks libraries take as it is. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks headers of one attempt: `webhook-id` the delivery id (the same on every retry,
 * like Idempotency-Key), `webhook-timestamp` this attempt's time in unix seconds, `webhook-signature`
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, made by the spec's own library.
 */
export function signatureHeaders(secret: string, id: string, body: string, at: Date): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}
