import { WALLET } from '../payments/examples';
import { NODE_KEY } from './examples';

/** Examples the alert routes' docs show (docs/alerts.md). */
export const DESTINATION_ID = '6e2f4a8c-1b3d-4e5f-9a7b-8c0d2e4f6a1b';
/** An activation in cycle 48213 of a node syncing since 48211: a move's id names the state left and when it was entered. */
export const CHANGE_ID = `48211:${NODE_KEY}:left-syncing`;
export const CHANGED_AT = '2026-01-14T00:00:00.000Z';
export const NOTIFIED_AT = '2026-01-14T00:00:41.000Z';

export const destination = {
  id: DESTINATION_ID,
  walletAddress: WALLET,
  channel: 'discord',
  label: 'Ops channel',
  urlPreview: 'https://discord.com/…',
  chatId: null,
  signed: false,
  createdAt: '2026-01-10T09:00:00.000Z',
};
export const webhookDestination = { ...destination, channel: 'webhook', label: 'My receiver', urlPreview: 'https://hooks.example.com/…', signed: true };
/** A secret in the Standard Webhooks format (32 bytes, base64); an example, never used. */
export const SECRET_EXAMPLE = 'whsec_q6mKxkmrYcQ3hS7Jdc0G5fT1vZt8pL2wN4bE9aR0uXs=';
export const notification = {
  id: `${CHANGE_ID}:${WALLET.toLowerCase()}`,
  change: { id: CHANGE_ID, publicKey: NODE_KEY, kind: 'activated', from: 'syncing', to: 'active', cycle: 48213, at: CHANGED_AT },
  nodeLabel: 'VPS node',
  message: 'Node VPS node is active: reward clock started at cycle 48213 at 10 SHM/h',
  phase: 'info',
  trigger: 'activated',
  episodeId: null,
  createdAt: NOTIFIED_AT,
};
export const delivery = {
  id: `${CHANGE_ID}:${DESTINATION_ID}`,
  destinationId: DESTINATION_ID,
  notificationId: notification.id,
  status: 'delivered',
  attempts: 3,
  lastError: 'HTTP 503',
  test: false,
  createdAt: NOTIFIED_AT,
  updatedAt: '2026-01-14T00:01:12.000Z',
};
export const REFUSED = 'Must not point to a private address (hooks.internal is 10.0.0.7)';
export const TEST_ID = `test:0b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4:${DESTINATION_ID}`;
