import { z } from 'zod';
import { WalletAddressSchema } from '../common/schemas';
import { NODE_CHANGE_KINDS, NodeChangeSchema } from '../network/node-schemas';

/**
 * Alerts (docs/alerts.md): where a wallet is told when one of its linked nodes changes, and what was
 * told. A webhook gets a generic JSON body; Discord and Telegram get their own formats.
 */
export const ALERT_CHANNELS = ['webhook', 'discord', 'telegram'] as const;
export const AlertChannelSchema = z.enum(ALERT_CHANNELS, { error: 'Must be webhook, discord or telegram' });
export type AlertChannel = z.infer<typeof AlertChannelSchema>;

export const DESTINATION_URL_MAX = 2048;
const LABEL_MAX = 80;

/** POST /api/dashboard/alerts/destinations. Where the URL may point is checked by the service (docs/alerts.md). */
export const CreateDestinationRequestSchema = z
  .object({
    channel: AlertChannelSchema,
    url: z
      .url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })
      .max(DESTINATION_URL_MAX, { error: `Must be at most ${DESTINATION_URL_MAX} characters` })
      // The document's `format: uri` takes any scheme; the server only these two.
      .meta({ pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' })
      .describe('webhook: any URL that accepts a JSON POST; discord: the channel webhook URL; telegram: https://api.telegram.org/bot<token>/sendMessage'),
    chatId: z
      .string({ error: 'Must be text' })
      .trim()
      .regex(/^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/, { error: 'Must be a Telegram chat id (a number, or @channelname)' })
      .optional()
      .describe('Telegram only: the chat to post to'),
    label: z.string({ error: 'Must be text' }).trim().max(LABEL_MAX, { error: `Must be at most ${LABEL_MAX} characters` }).optional(),
    walletAddress: WalletAddressSchema.optional().describe('Must be the signed-in wallet (optional; the session decides)'),
  })
  .refine((body) => body.channel !== 'telegram' || body.chatId !== undefined, { error: 'Telegram needs a chat id', path: ['chatId'] })
  // JSON Schema cannot see the refinement: the published document says it in its own terms.
  .meta({ anyOf: [{ properties: { channel: { enum: ALERT_CHANNELS.filter((channel) => channel !== 'telegram') } } }, { required: ['chatId'] }] });
export type CreateDestinationRequest = z.input<typeof CreateDestinationRequestSchema>;

export const AlertDestinationSchema = z.object({
  id: z.string(),
  walletAddress: z.string(),
  channel: AlertChannelSchema,
  label: z.string(),
  /** The URL with its path and query hidden after the host (Discord and Telegram URLs carry secrets). */
  urlPreview: z.string(),
  chatId: z.string().nullable(),
  /**
   * Whether deliveries carry a Standard Webhooks signature: a webhook with a secret. Discord and
   * Telegram never (their URL is their secret); a webhook added before signing not until its secret is rotated.
   */
  signed: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AlertDestination = z.infer<typeof AlertDestinationSchema>;

/**
 * What an alert is in its episode (docs/alerts.md, "Episodes"): `info` (selected, active, rotated out),
 * `problem` (a problem opens or gets worse), `reminder` (a problem still open, at most once a day),
 * `recovery` (the problem is over: refuted, back in a list, active again).
 */
export const ALERT_PHASES = ['info', 'problem', 'reminder', 'recovery'] as const;
export type AlertPhase = (typeof ALERT_PHASES)[number];
/** What set an alert off: a node change, `stuck-active` (active far longer than the observed P99 period) or `penalty` (the chain took SHM from the stake). */
export const ALERT_TRIGGERS = [...NODE_CHANGE_KINDS, 'stuck-active', 'penalty'] as const;
export type AlertTrigger = (typeof ALERT_TRIGGERS)[number];

/** One change of one linked node, as the wallet's in-app list shows it. */
export const NotificationSchema = z.object({
  id: z.string(),
  /** The change that set it off (for a reminder or stuck-active: the one that opened the episode or the period). */
  change: NodeChangeSchema,
  /** The portfolio entry's label, else the key shortened. */
  nodeLabel: z.string(),
  /** What it means, with figures ("reward clock started at cycle C at R SHM/h"). */
  message: z.string(),
  /** Absent on notifications stored before episodes. */
  phase: z.enum(ALERT_PHASES).optional(),
  trigger: z.enum(ALERT_TRIGGERS).optional(),
  /** The episode a problem, reminder or recovery belongs to (the id of the change that opened it); null for info. */
  episodeId: z.string().nullable().optional(),
  createdAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'retrying', 'dead'] as const;
export const DeliverySchema = z.object({
  /** The idempotency key: `<change id>:<destination id>`, or `test:<uuid>:<destination id>`; sent as the Idempotency-Key header. */
  id: z.string(),
  destinationId: z.string(),
  /** null for a test delivery. */
  notificationId: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The last failure (status code or network error), null when none. */
  lastError: z.string().nullable(),
  test: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

/** How many of each the alerts reply lists, newest first. */
export const ALERT_LIST_LIMIT = 50;

export const AlertsReplySchema = z.object({
  success: z.literal(true),
  destinations: z.array(AlertDestinationSchema),
  notifications: z.array(NotificationSchema),
  deliveries: z.array(DeliverySchema),
});
export type AlertsReply = z.infer<typeof AlertsReplySchema>;
/** `whsec_` and the base64 of 32 random bytes (Standard Webhooks); shown once, in the create and rotate replies. */
export const WebhookSecretSchema = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]{43}=$/)
  .describe('The signing secret (Standard Webhooks `whsec_` format): shown only in this reply, never again');
export const DestinationReplySchema = z.object({
  success: z.literal(true),
  destination: AlertDestinationSchema,
  /** A webhook's signing secret, only here; null for Discord and Telegram (not signed). */
  secret: WebhookSecretSchema.nullable(),
});
export type DestinationReply = z.infer<typeof DestinationReplySchema>;
export const TestDeliveryReplySchema = z.object({ success: z.literal(true), delivery: DeliverySchema });
export type TestDeliveryReply = z.infer<typeof TestDeliveryReplySchema>;
/** POST …/destinations/:id/rotate-secret: the new secret, once; the old one stops signing at once. */
export const RotateSecretReplySchema = z.object({ success: z.literal(true), destinationId: z.string(), secret: WebhookSecretSchema });
export type RotateSecretReply = z.infer<typeof RotateSecretReplySchema>;

export const DestinationParamSchema = z.object({ id: z.string().min(1).max(64).describe('An alert destination id of the signed-in wallet') });
