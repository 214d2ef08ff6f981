import { WALLET, unauthorized } from '../payments/docs-shared';
import { validationError } from '../docs-types';
import { AUTH, CATEGORY, errorExample, flagOff, limit, notFound } from './docs-shared';
import type { EndpointDocs } from '../docs-types';

/** Alerts: destinations, the in-app notifications and the deliveries (docs/alerts.md). */
const DESTINATION_ID = '6e2f4a8c-1b3d-4e5f-9a7b-8c0d2e4f6a1b';
const NODE_KEY = '9f3c1b7e2a5d4c8f0e6b1a2d3c4e5f60718293a4b5c6d7e8f901122334455667';
/** An activation in cycle 48213 of a node syncing since 48211: a move's id names the state left and when it was entered. */
const CHANGE_ID = `48211:${NODE_KEY}:left-syncing`;
const CHANGED_AT = '2026-01-14T00:00:00.000Z';
const NOTIFIED_AT = '2026-01-14T00:00:41.000Z';

const destination = {
  id: DESTINATION_ID,
  walletAddress: WALLET,
  channel: 'discord',
  label: 'Ops channel',
  urlPreview: 'https://discord.com/…',
  chatId: null,
  createdAt: '2026-01-10T09:00:00.000Z',
};
const notification = {
  id: `${CHANGE_ID}:${WALLET.toLowerCase()}`,
  change: { id: CHANGE_ID, publicKey: NODE_KEY, kind: 'activated', from: 'syncing', to: 'active', cycle: 48213, at: CHANGED_AT },
  nodeLabel: 'VPS node',
  message: 'Node VPS node is active',
  createdAt: NOTIFIED_AT,
};
const delivery = {
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
const REFUSED = 'Must not point to a private address (hooks.internal is 10.0.0.7)';
const TEST_ID = `test:0b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4:${DESTINATION_ID}`;

export const dashboardAlertDocs = {
  alerts: {
    category: CATEGORY,
    title: 'List alert destinations, notifications and deliveries',
    description:
      'The wallet’s alert destinations (URLs shown only up to the host), its latest 50 notifications (one per change of a linked node that alerts: activated, removed, apoptosized, lost, vanished) and its latest 50 deliveries, newest first. A delivery is `pending`, `retrying`, `delivered` or `dead` (every attempt failed; dead-lettered).',
    authentication: AUTH,
    responses: [
      { status: 200, description: 'Destinations, notifications and deliveries', example: { success: true, destinations: [destination], notifications: [notification], deliveries: [delivery] } },
      unauthorized,
      flagOff,
    ],
  },
  createDestination: {
    category: CATEGORY,
    title: 'Add an alert destination',
    description:
      'A webhook (generic JSON body), a Discord channel webhook or a Telegram bot’s sendMessage URL with a chat id. The URL is resolved and checked first: in production it must be https and every address its host resolves to must be public (no loopback, private, link-local or cloud metadata address); it is checked again at each delivery.',
    authentication: AUTH,
    bodyExample: { channel: 'discord', url: 'https://discord.com/api/webhooks/1234567890/abcdefghijklmnop', label: 'Ops channel', walletAddress: WALLET },
    responses: [
      { status: 201, description: 'The destination (its URL hidden after the host)', example: { success: true, destination } },
      {
        ...validationError,
        description: `${validationError.description}; a URL the rules refuse names \`url\``,
        example: { error: { ...errorExample('VALIDATION_FAILED', `url: ${REFUSED}`).error, fields: { url: REFUSED } } },
      },
      unauthorized,
      flagOff,
      limit('alertDestinations', 'alert destinations'),
    ],
  },
  deleteDestination: {
    category: CATEGORY,
    title: 'Delete an alert destination',
    description: 'Removes the destination and its deliveries; a delivery still queued for it sends nothing.',
    authentication: AUTH,
    responses: [
      { status: 200, description: 'Deleted', example: { success: true, deletedId: DESTINATION_ID } },
      unauthorized,
      flagOff,
      notFound('alert destination'),
    ],
  },
  testDestination: {
    category: CATEGORY,
    title: 'Send a test alert',
    description:
      'Queues a sample alert (`type: "test"`) to the destination, through the same checks, retries and dead-letter as a real one; the reply is its delivery, which GET /api/dashboard/alerts then shows as it progresses.',
    authentication: AUTH,
    responses: [
      {
        status: 202,
        description: 'The test delivery, queued',
        example: {
          success: true,
          delivery: { id: TEST_ID, destinationId: DESTINATION_ID, notificationId: null, status: 'pending', attempts: 0, lastError: null, test: true, createdAt: NOTIFIED_AT, updatedAt: NOTIFIED_AT },
        },
      },
      unauthorized,
      flagOff,
      notFound('alert destination'),
    ],
  },
} satisfies EndpointDocs;
