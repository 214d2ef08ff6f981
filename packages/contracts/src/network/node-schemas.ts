import { z } from 'zod';

/**
 * Watched nodes (docs/my-nodes.md). The network service follows every node the archivers list and
 * every node named in a cycle record, cycle by cycle; a node's public key is how an operator names it
 * (the validator GUI and the archiver's node lists show it).
 */

/** Where a node is: in the standby list, selected and syncing, active, or in no list any more. */
export const NODE_STATES = ['standby', 'syncing', 'active', 'gone'] as const;
export type NodeState = (typeof NODE_STATES)[number];
/** `unknown`: the tracker never saw the key in a list or a cycle record. */
export const NodeStateOrUnknownSchema = z.enum([...NODE_STATES, 'unknown']);
export type NodeStateOrUnknown = z.infer<typeof NodeStateOrUnknownSchema>;

/** A node's public key: 64 hex characters (an ed25519 key), kept lower-case. */
export const NodePublicKeySchema = z
  .string({ error: 'Must be a node public key (64 hex characters)' })
  .regex(/^[0-9a-fA-F]{64}$/, { error: 'Must be a node public key (64 hex characters)' })
  .transform((key) => key.toLowerCase());

/**
 * What happened to a node in one cycle, from the cycle record where it says so:
 * `standby-added` (standbyAdd), `standby-removed` (standbyRemove), `selected` (joinedConsensors: it
 * syncs now), `activated` (activatedPublicKeys), `removed` (removed / appRemoved: rotated out),
 * `apoptosized` (apoptosized: left after being lost or by itself), `lost` (lost: reported down, still
 * listed until it refutes or is apoptosized), `refuted` (refuted: it answered after all), `vanished`
 * (in no list and named by no record: the tracker's own finding), `version-below-minimum` (the version
 * of its last standby join request is below a minimum the network watch recorded, in force or
 * announced: the network refuses its next join; its state stays), `version-updated` (it rejoined standby
 * with a version at or above the minimum, its last one below it: the end of `version-below-minimum`).
 */
export const NODE_CHANGE_KINDS = [
  'standby-added',
  'standby-removed',
  'selected',
  'activated',
  'removed',
  'apoptosized',
  'lost',
  'refuted',
  'vanished',
  'version-below-minimum',
  'version-updated',
] as const;
export const NodeChangeKindSchema = z.enum(NODE_CHANGE_KINDS);
export type NodeChangeKind = z.infer<typeof NodeChangeKindSchema>;

/**
 * The changes a wallet is told about on their own: selected to sync, going active, leaving the active
 * set, being lost or apoptosized, vanishing, dropped from standby without being selected (a missed
 * refresh), running a version below the network's minimum, and updated from it (its recovery, told on its
 * own). `refuted` and `standby-added` only end a problem (a recovery message; docs/alerts.md).
 */
export const ALERT_KINDS = ['selected', 'activated', 'removed', 'apoptosized', 'lost', 'vanished', 'standby-removed', 'version-below-minimum', 'version-updated'] as const satisfies readonly NodeChangeKind[];
export const isAlertKind = (kind: NodeChangeKind): boolean => (ALERT_KINDS as readonly string[]).includes(kind);

export const NodeChangeSchema = z.object({
  /**
   * The same change seen twice (a retried job, two replicas) has the same id: a move is
   * `<sinceCycle>:<publicKey>:left-<from>` (the state left and the cycle it was entered in); a first
   * appearance, `lost` and `refuted` are `<cycle>:<publicKey>:<kind>`; a version below a minimum is
   * `<minimum>:<publicKey>:version-below-minimum`, told once per minimum, and its end
   * `<minimum>:<publicKey>:version-updated` (docs/network-data.md, "Node tracking").
   */
  id: z.string(),
  publicKey: z.string(),
  kind: NodeChangeKindSchema,
  from: NodeStateOrUnknownSchema,
  to: NodeStateOrUnknownSchema,
  cycle: z.number().int(),
  /** The cycle's start. */
  at: z.iso.datetime(),
  /** `version-below-minimum`, `version-updated`: the node's version (its last standby join request's `appJoinData.version`). */
  version: z.string().max(64).optional(),
  /**
   * `version-below-minimum` (`version-updated`): the minimum it is below (now meets), the cycle that minimum holds from (null: not
   * known, or announced without one) and whether it was in force when found (else announced).
   */
  minimum: z.object({ version: z.string().max(64), cycle: z.number().int().nullable(), inForce: z.boolean() }).optional(),
});
export type NodeChange = z.infer<typeof NodeChangeSchema>;

export const ActivePeriodSchema = z.object({
  /** The start of the cycle whose record activated it (or the first cycle it was seen active in). */
  start: z.iso.datetime(),
  /** The start of the cycle it left in; null while still active. */
  end: z.iso.datetime().nullable(),
  /** SHM the network's rules pay for the period: seconds active × the reward per hour in force ÷ 3600 (up to now while open). */
  earnedSHM: z.number(),
});
export type ActivePeriod = z.infer<typeof ActivePeriodSchema>;

/**
 * Events that are not chance, counted per node by the tracker (docs/my-nodes.md, "Fleet view"):
 * selected but never active (`syncTimeouts`), reported lost, refuted, apoptosized while active
 * (`earlyExits`), dropped from the standby list without being selected (`missedRefreshes`).
 */
export const NODE_INCIDENT_KINDS = ['syncTimeouts', 'lost', 'refuted', 'earlyExits', 'missedRefreshes'] as const;
export type NodeIncidentKind = (typeof NODE_INCIDENT_KINDS)[number];
const count = () => z.number().int();
export const NodeIncidentCountsSchema = z.object({ syncTimeouts: count(), lost: count(), refuted: count(), earlyExits: count(), missedRefreshes: count() });
export type NodeIncidentCounts = z.infer<typeof NodeIncidentCountsSchema>;

/** A node over the last `days` days, as the tracker saw it. */
export const NodeWindowSchema = z.object({
  days: z.number().int(),
  /** Active periods that started in the window. */
  activations: count(),
  /** Cycles it spent on the standby list in the window (seconds in standby ÷ the cycle's seconds). */
  standbyCycles: z.number(),
  /** The network's selections per standby-node-cycle in the window; null while no standby cycle was recorded. */
  selectionRate: z.number().nullable(),
  /** selectionRate × standbyCycles; null with the rate. */
  expectedActivations: z.number().nullable(),
  incidents: NodeIncidentCountsSchema,
});
export type NodeWindow = z.infer<typeof NodeWindowSchema>;

export const NodeStatusSchema = z.object({
  publicKey: z.string(),
  state: NodeStateOrUnknownSchema,
  /** When it entered its state (the cycle's start); null while unknown. */
  since: z.iso.datetime().nullable(),
  /** When the tracker first saw it; null while unknown. */
  firstSeen: z.iso.datetime().nullable(),
  /** The last thing a cycle record said of it. */
  lastChange: NodeChangeKindSchema.nullable(),
  /** Active periods, newest first, those that ended within the retention (NODE_PERIOD_RETENTION_DAYS) and the open one. */
  activePeriods: z.array(ActivePeriodSchema),
  /** Sum of the periods' earnedSHM. */
  earnedSHM: z.number(),
  /** The last 7 and 30 days (absent for a key never seen, and from a network service before the fleet view). */
  windows: z.object({ days7: NodeWindowSchema, days30: NodeWindowSchema }).optional(),
});
export type NodeStatus = z.infer<typeof NodeStatusSchema>;

/** Lookups per request; a wallet links at most DASHBOARD_LIMITS.linkedNodes nodes, so one request covers it. */
export const MAX_NODE_LOOKUP = 100;

/** POST /api/shardeum-network/nodes. */
export const NodeLookupRequestSchema = z.object({
  publicKeys: z
    .array(NodePublicKeySchema, { error: 'Must be a list of node public keys' })
    .min(1, { error: 'Must name at least one node' })
    .max(MAX_NODE_LOOKUP, { error: `Must name at most ${MAX_NODE_LOOKUP} nodes` }),
});
export type NodeLookupRequest = z.input<typeof NodeLookupRequestSchema>;

export const NodeLookupReplySchema = z.object({
  success: z.literal(true),
  /** One per requested key, in the order asked (duplicates answered once each). */
  nodes: z.array(NodeStatusSchema),
  /** The newest cycle the tracker has processed, and its start; null before the first. */
  trackedCycle: z.number().int().nullable(),
  trackedAt: z.iso.datetime().nullable(),
});
export type NodeLookupReply = z.infer<typeof NodeLookupReplySchema>;
