import { z } from 'zod';
import { FeatureFlagsSchema } from './flags/schemas';
import { NodeChangeSchema } from './network/node-schemas';
import { NetworkDataSchema } from './network/schemas';
import { NetworkChangeSchema } from './network/watch-schemas';
import { TransactionHashSchema } from './payments/schemas';

/**
 * Events are facts, kept in Redis Streams (one stream per event, `events:<name>`) and consumed by
 * consumer groups. Names are frozen: never rename one; add a new event instead.
 */
export const EVENT_SCHEMAS = {
  'flags.changed': z.object({
    flags: FeatureFlagsSchema,
    at: z.iso.datetime(),
  }),
  /** The network service stored a new snapshot of the network (calc turns it into live calculator defaults). */
  'network.updated': z.object({
    network: NetworkDataSchema,
    at: z.iso.datetime(),
  }),
  /**
   * The network watch saw a change of the network's parameters (announced or in force), once per
   * change id: a retried poll or a second replica does not publish it again (docs/network-data.md).
   */
  'network.changed': z.object({
    change: NetworkChangeSchema,
    at: z.iso.datetime(),
  }),
  /**
   * The node tracker processed cycles up to `cycle`: what changed for which nodes (first sightings are
   * not changes). The dashboard tells the wallets watching them (alerts).
   */
  'nodes.changed': z.object({
    cycle: z.number().int(),
    at: z.iso.datetime(),
    changes: z.array(NodeChangeSchema),
  }),
  /** A payment was verified on chain: the wallet (lower-case) may calculate until expiresAt (calc keeps a grant per wallet). */
  'payment.confirmed': z.object({
    wallet: z.string().regex(/^0x[0-9a-f]{40}$/),
    sessionId: z.string(),
    transactionHash: TransactionHashSchema,
    chainId: z.number().int(),
    amountWei: z.string().regex(/^\d+$/),
    grantedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  }),
  /** The wallet cleared its payment session: every grant it held before `at` is void. */
  'access.revoked': z.object({
    wallet: z.string().regex(/^0x[0-9a-f]{40}$/),
    at: z.iso.datetime(),
  }),
} as const;

export type EventName = keyof typeof EVENT_SCHEMAS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENT_SCHEMAS)[N]>;

export const eventStream = (name: EventName) => `events:${name}`;
