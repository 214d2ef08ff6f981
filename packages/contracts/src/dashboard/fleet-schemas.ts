import { z } from 'zod';
import { NodeIncidentCountsSchema, NodeStateOrUnknownSchema } from '../network/node-schemas';

/**
 * The fleet view (docs/my-nodes.md, "Fleet view"): every linked node of a wallet in one table, with
 * a Σ row. Figures a row shows are rounded to hundredths before they are summed, so the Σ row is the
 * sum of what the rows show.
 */

/** A flag below this one-sided p-value: "unlikely to be luck". */
export const LUCK_SIGNIFICANCE = 0.01;
/** Health points one event that is not chance costs (in the last 30 days), from 100 down to 0. */
export const HEALTH_POINTS_PER_INCIDENT = 10;

export const FleetWindowSchema = z.object({
  activations: z.number().int(),
  /** The network's selection rate × the node's standby cycles in the window, to hundredths; null while no rate was observed. */
  expectedActivations: z.number().nullable(),
  /** P(X ≤ activations), X ~ Binomial(standby cycles, selection rate); null while nothing is expected. */
  pValue: z.number().nullable(),
});
export type FleetWindow = z.infer<typeof FleetWindowSchema>;

export const FleetRowSchema = z.object({
  entryId: z.string(),
  publicKey: z.string(),
  label: z.string(),
  /** `unavailable` while the network service could not be asked. */
  state: z.enum([...NodeStateOrUnknownSchema.options, 'unavailable']),
  timeInStateSeconds: z.number().nullable(),
  days7: FleetWindowSchema,
  days30: FleetWindowSchema,
  /** Either window's pValue is below LUCK_SIGNIFICANCE. */
  unlikelyLuck: z.boolean(),
  /** Hours active since the entry counts (the later of its date and the first sighting), to hundredths. */
  activeHours: z.number(),
  /** The entry's earned SHM (docs/dashboard.md, "Linked nodes"), to hundredths. */
  earnedSHM: z.number(),
  /** USD: the entry's investment (its stake), the costs since it counts, earned SHM × price − costs; to cents. */
  stakeUSD: z.number(),
  costUSD: z.number(),
  netUSD: z.number(),
  /** netUSD / (stakeUSD + costUSD); null while both are 0. */
  netReturn: z.number().nullable(),
  /** Events that are not chance in the last 30 days. */
  incidents: NodeIncidentCountsSchema,
  /** 100 − HEALTH_POINTS_PER_INCIDENT × the incidents, at least 0; null while the node's history is unknown. */
  health: z.number().int().nullable(),
});
export type FleetRow = z.infer<typeof FleetRowSchema>;

export const FleetTotalsSchema = z.object({
  nodes: z.number().int(),
  days7: z.object({ activations: z.number().int(), expectedActivations: z.number() }),
  days30: z.object({ activations: z.number().int(), expectedActivations: z.number() }),
  /** Rows flagged "unlikely to be luck". */
  unlikelyLuck: z.number().int(),
  activeHours: z.number(),
  earnedSHM: z.number(),
  stakeUSD: z.number(),
  costUSD: z.number(),
  netUSD: z.number(),
  /** Σ netUSD / Σ (stakeUSD + costUSD). */
  netReturn: z.number().nullable(),
  /** Σ incidents of all kinds. */
  incidents: z.number().int(),
});
export type FleetTotals = z.infer<typeof FleetTotalsSchema>;

export const FleetSchema = z.object({
  rows: z.array(FleetRowSchema),
  totals: FleetTotalsSchema,
  /** What the money columns used: the default profile's SHM price and node cost, or each entry's price at entry and no cost without a profile. */
  money: z.object({ profileName: z.string().nullable(), shmPrice: z.number().nullable(), nodeCostPerMonth: z.number() }),
});
export type Fleet = z.infer<typeof FleetSchema>;
