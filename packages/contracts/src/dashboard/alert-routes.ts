import { validationError, type RouteDocs } from '../docs-types';
import { defineRoutes } from '../route';
import { WALLET, unauthorized } from '../payments/examples';
import { DESTINATION_ID, NOTIFIED_AT, REFUSED, SECRET_EXAMPLE, TEST_ID, delivery, destination, notification, webhookDestination } from './alert-examples';
import { AlertsReplySchema, CreateDestinationRequestSchema, DestinationParamSchema, DestinationReplySchema, RotateSecretReplySchema, TestDeliveryReplySchema } from './alert-schemas';
import { AUTH, CATEGORY, errorExample, flagOff, limit, notFound } from './examples';
import { DeletedReplySchema } from './schemas';
import { ErrorReplySchema } from '../errors';

const remove = [401, 403, 404];

/** Alerts: destinations, the in-app notifications and the deliveries (docs/alerts.md); part of dashboardContract. */
export const dashboardAlertContract = defineRoutes({
  alerts: { method: 'GET', path: '/api/dashboard/alerts', service: 'alerts', auth: 'wallet', cache: 'no-store', reply: AlertsReplySchema, errors: [401, 403] },
  createDestination: {
    method: 'POST', path: '/api/dashboard/alerts/destinations', service: 'alerts', auth: 'wallet',
    status: 201, body: CreateDestinationRequestSchema, reply: DestinationReplySchema, errors: [400, 401, 403, 409],
  },
  deleteDestination: {
    method: 'DELETE', path: '/api/dashboard/alerts/destinations/:id', service: 'alerts', auth: 'wallet',
    pathParams: DestinationParamSchema, reply: DeletedReplySchema, errors: remove,
  },
  testDestination: {
    method: 'POST', path: '/api/dashboard/alerts/destinations/:id/test', service: 'alerts', auth: 'wallet',
    status: 202, pathParams: DestinationParamSchema, reply: TestDeliveryReplySchema, errors: remove,
  },
  rotateDestinationSecret: {
    method: 'POST', path: '/api/dashboard/alerts/destinations/:id/rotate-secret', service: 'alerts', auth: 'wallet',
    pathParams: DestinationParamSchema, reply: RotateSecretReplySchema, errors: [400, 401, 403, 404, 409],
  },
});

const SIGNING =
  'Webhook deliveries are signed as the Standard Webhooks specification lays out (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`; docs/alerts.md, "Signed webhooks").';

/** Each route's docs (the docs page and OpenAPI); a function, so the web's bundle leaves the text out. */
export const dashboardAlertDocs = (): RouteDocs<typeof dashboardAlertContract> => ({
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
    bodyExample: { channel: 'webhook', url: 'https://hooks.example.com/shm-alerts', label: 'My receiver', walletAddress: WALLET },
    responses: [
      {
        status: 201,
        description: `The destination (its URL hidden after the host) and, for a webhook, its signing secret: shown only in this reply. ${SIGNING}`,
        example: { success: true, destination: webhookDestination, secret: SECRET_EXAMPLE },
      },
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
  rotateDestinationSecret: {
    category: CATEGORY,
    title: 'Rotate a webhook’s signing secret',
    description: `Makes a new signing secret for a webhook destination and answers it, only here. The old secret stops signing at once: every attempt from now on, retries of earlier deliveries included, is signed with the new one. A webhook added before signing gets its first secret this way and is unsigned until then. ${SIGNING}`,
    authentication: AUTH,
    responses: [
      { status: 200, description: 'The new secret, shown only in this reply', example: { success: true, destinationId: DESTINATION_ID, secret: SECRET_EXAMPLE } },
      { ...validationError, description: `${validationError.description}: an id longer than 64 characters names \`id\`` },
      unauthorized,
      flagOff,
      notFound('alert destination'),
      {
        status: 409,
        description: 'A Discord or Telegram destination is not signed (its URL is its secret) (CONFLICT)',
        schema: ErrorReplySchema,
        example: errorExample('CONFLICT', 'Only webhook destinations are signed; a Discord or Telegram URL is its own secret'),
      },
    ],
  },
});
