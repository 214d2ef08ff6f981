import { z } from 'zod';
import { NodePublicKeySchema } from '../network/node-schemas';
import { defineRoutes } from '../route';

/** Keys per request: one `nodes.changed` event carries at most 500 changes (services/network, track-nodes.ts). */
export const MAX_WATCHED_KEYS = 500;

export const WatchersRequestSchema = z.object({
  publicKeys: z
    .array(NodePublicKeySchema, { error: 'Must be a list of node public keys' })
    .min(1, { error: 'Must name at least one node' })
    .max(MAX_WATCHED_KEYS, { error: `Must name at most ${MAX_WATCHED_KEYS} nodes` }),
});

/** One portfolio entry linking one of the keys asked: the wallet watching the node and the entry's label. */
export const WatcherSchema = z.object({
  nodePublicKey: z.string(),
  walletAddress: z.string(),
  id: z.string(),
  label: z.string().optional(),
});
export type Watcher = z.infer<typeof WatcherSchema>;

export const WatchersReplySchema = z.object({ success: z.literal(true), watchers: z.array(WatcherSchema) });
export type WatchersReply = z.infer<typeof WatchersReplySchema>;

/**
 * Service-to-service routes of the dashboard, outside /api: the gateway, the web entry and the Ingress
 * never route them, and the caller proves itself with a token signed with INTERNAL_SECRET. Not part
 * of API_ROUTES, so neither the docs nor the gateway's table list them.
 */
export const dashboardInternalContract = defineRoutes({
  /** The alerts service asks which wallets link the nodes of a `nodes.changed` event (docs/alerts.md). */
  watchers: { method: 'POST', path: '/internal/dashboard/watchers', service: 'dashboard', auth: 'none', body: WatchersRequestSchema, reply: WatchersReplySchema, errors: [400, 401] },
});
