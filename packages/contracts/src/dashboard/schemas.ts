import { z } from 'zod';
import { CalculatorParamsSchema, EconomicsResultsSchema, MAX_PROJECTION_MONTHS } from '../calc/schemas';
import { WalletAddressSchema, atLeastZero, wholeNumberAtLeast } from '../common/schemas';
import { NodePublicKeySchema, NodeStateOrUnknownSchema, NodeStatusSchema } from '../network/node-schemas';
import { FleetSchema } from './fleet-schemas';

/** Spec §9 risk tolerance values. */
export const RISK_TOLERANCES = ['conservative', 'moderate', 'aggressive'] as const;
export const RiskToleranceSchema = z.enum(RISK_TOLERANCES, { error: 'Must be conservative, moderate or aggressive' });
export type RiskTolerance = z.infer<typeof RiskToleranceSchema>;

/** How many records one wallet may keep; beyond them a create answers 409 LIMIT_REACHED. */
export const DASHBOARD_LIMITS = { profiles: 50, scenarios: 200, portfolioEntries: 500, linkedNodes: 100, alertDestinations: 5 } as const;
export const NAME_MAX = 80;
export const NOTES_MAX = 2000;

/** Trimmed before it is measured: blanks alone are empty, which the document says as "a non-blank character". */
const nameSchema = z
  .string({ error: 'Must be text' })
  .trim()
  .min(1, { error: `Must be 1–${NAME_MAX} characters` })
  .max(NAME_MAX, { error: `Must be 1–${NAME_MAX} characters` })
  .meta({ pattern: '\\S' });

const idSchema = (what: string) => z.string({ error: `Must be a ${what} id` }).min(1).max(64);
const walletField = () => WalletAddressSchema.describe('Must be the signed-in wallet (optional; the session decides)').optional();
const timestamps = { createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() };

// ── Investment profiles (spec §3) ─────────────────────────────────────────────

export const ProfileFieldsSchema = z.object({
  profileName: nameSchema,
  investmentAmount: atLeastZero().describe('USD'),
  targetTimeframe: wholeNumberAtLeast(1, 'Must be at least 1 month')
    .max(MAX_PROJECTION_MONTHS, { error: `Must be at most ${MAX_PROJECTION_MONTHS} months` })
    .describe('Whole months'),
  targetEarnings: atLeastZero().describe('USD'),
  riskTolerance: RiskToleranceSchema.default('moderate'),
  preferredShmPrice: atLeastZero().describe('USD per SHM'),
  customNodeCost: atLeastZero().describe('USD per node per month'),
  notes: z.string({ error: 'Must be text' }).max(NOTES_MAX, { error: `Must be at most ${NOTES_MAX} characters` }).optional(),
});
export type ProfileFields = z.infer<typeof ProfileFieldsSchema>;

/** POST /api/dashboard/profiles. The first profile of a wallet is the default whatever isDefault says. */
export const CreateProfileRequestSchema = ProfileFieldsSchema.extend({
  walletAddress: walletField(),
  isDefault: z.boolean({ error: 'Must be true or false' }).optional().describe('Make it the default profile'),
});
export type CreateProfileRequest = z.input<typeof CreateProfileRequestSchema>;

/**
 * A PATCH body changes something: at least one of its fields besides walletAddress (`{}` answers 400
 * "Nothing to change"). JSON Schema cannot see a refinement, so the published document is told the
 * same rule in its own terms: any one of those fields is required.
 */
function somethingToChange<T extends z.ZodObject>(patch: T) {
  const fields = Object.keys(patch.shape).filter((k) => k !== 'walletAddress');
  return patch
    .refine((body) => Object.keys(body).some((k) => k !== 'walletAddress'), { error: 'Nothing to change' })
    .meta({ anyOf: fields.map((field) => ({ required: [field] })) });
}

/** PATCH /api/dashboard/profiles/:id: any subset; `isDefault: true` makes it the default (false is ignored). */
export const UpdateProfileRequestSchema = somethingToChange(
  ProfileFieldsSchema.partial().extend({
    // Without its default: a patch that leaves riskTolerance out must not reset it.
    riskTolerance: RiskToleranceSchema.optional(),
    walletAddress: walletField(),
    isDefault: z.boolean({ error: 'Must be true or false' }).optional(),
  }),
);
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;

export const InvestmentProfileSchema = ProfileFieldsSchema.extend({
  id: z.string(),
  walletAddress: z.string().describe('Lower-case owner wallet'),
  isDefault: z.boolean(),
  ...timestamps,
});
export type InvestmentProfile = z.infer<typeof InvestmentProfileSchema>;

export const ProfilesReplySchema = z.object({ success: z.literal(true), profiles: z.array(InvestmentProfileSchema) });
export type ProfilesReply = z.infer<typeof ProfilesReplySchema>;
export const ProfileReplySchema = z.object({ success: z.literal(true), profile: InvestmentProfileSchema });
export type ProfileReply = z.infer<typeof ProfileReplySchema>;
export const DeleteProfileReplySchema = z.object({
  success: z.literal(true),
  deletedId: z.string(),
  /** The profile that became default because the deleted one was (null when none did). */
  newDefaultId: z.string().nullable(),
});
export type DeleteProfileReply = z.infer<typeof DeleteProfileReplySchema>;

// ── Portfolio (spec §3) ───────────────────────────────────────────────────────

const entryDateSchema = z.iso
  .date({ error: 'Must be a date (YYYY-MM-DD)' })
  .describe('The day the nodes started (YYYY-MM-DD; a date still to come expects nothing yet)');

export const PortfolioFieldsSchema = z.object({
  nodeCount: wholeNumberAtLeast(1, 'Must be at least 1').max(100_000, { error: 'Must be at most 100000' }),
  actualInvestment: atLeastZero().describe('USD'),
  shmPriceAtEntry: atLeastZero().describe('USD per SHM'),
  actualRewards: atLeastZero().describe('SHM received so far by these nodes'),
  entryDate: entryDateSchema,
  label: z.string({ error: 'Must be text' }).trim().max(NAME_MAX, { error: `Must be at most ${NAME_MAX} characters` }).optional(),
  /**
   * Links the entry to one real node (docs/my-nodes.md): its state and the SHM the network's rules
   * pay it replace the typed figures. null unlinks (PATCH).
   */
  nodePublicKey: NodePublicKeySchema.nullable().optional().describe('The node’s public key (64 hex characters), or null to unlink'),
});
export type PortfolioFields = z.infer<typeof PortfolioFieldsSchema>;

export const CreatePortfolioEntryRequestSchema = PortfolioFieldsSchema.extend({ walletAddress: walletField() });
export type CreatePortfolioEntryRequest = z.input<typeof CreatePortfolioEntryRequestSchema>;
export const UpdatePortfolioEntryRequestSchema = somethingToChange(PortfolioFieldsSchema.partial().extend({ walletAddress: walletField() }));
export type UpdatePortfolioEntryRequest = z.input<typeof UpdatePortfolioEntryRequestSchema>;

/** The live parameters an entry's expected rewards were computed at. */
export const PerformanceBasisSchema = z.object({
  rewardPerHour: z.number(),
  activeCommunityNodes: z.number(),
  standbyNodes: z.number(),
  /** SHM one node is expected to earn per 30-day month: rewardPerHour × 720 × active / (active + standby). */
  monthlySHMPerNode: z.number(),
  /** 'live' when a network snapshot was seen; 'defaults' while none was (calculator-page defaults). */
  source: z.enum(['live', 'defaults']),
  lastUpdated: z.iso.datetime().nullable(),
});
export type PerformanceBasis = z.infer<typeof PerformanceBasisSchema>;

export const PortfolioPerformanceSchema = z.object({
  /** Whole and partial 30-day months since entryDate (0 for a date in the future). */
  monthsElapsed: z.number(),
  /** SHM the calculator expects these nodes to have earned since entryDate at today's parameters. */
  expectedRewards: z.number(),
  /** actualRewards / expectedRewards (1 = as expected); null while nothing is expected yet. */
  ratio: z.number().nullable(),
  /**
   * `typed`: actualRewards against the expectation since entryDate. `node`: the linked node's earned
   * SHM against the expectation for one node over the same time (since the later of entryDate and
   * when the tracker first saw the node).
   */
  source: z.enum(['typed', 'node']),
});
export type PortfolioPerformance = z.infer<typeof PortfolioPerformanceSchema>;

/** What the product knows of an entry's linked node. */
export const LinkedNodeSchema = z.object({
  /** null while the network service cannot be asked (the entry still lists, with its typed figures). */
  status: NodeStatusSchema.nullable(),
  /** Seconds since it entered its state. */
  timeInStateSeconds: z.number().nullable(),
  /** Active periods that overlap the current calendar month (UTC). */
  activePeriodsThisMonth: z.number().int(),
  /** SHM earned by the network's rules in the current calendar month (UTC). */
  earnedThisMonthSHM: z.number(),
  /** SHM earned since the later of entryDate and the first sighting. */
  earnedSHM: z.number(),
  /** For a node in standby: how long it has waited and the network's wait-to-active figures (rotation). */
  standbyWait: z
    .object({
      waitedDays: z.number(),
      /** Days within which 50 % and 90 % of nodes joining standby now are first selected; null while rotation is unknown. */
      p50Days: z.number().nullable(),
      p90Days: z.number().nullable(),
    })
    .nullable(),
});
export type LinkedNode = z.infer<typeof LinkedNodeSchema>;

export const PortfolioEntrySchema = PortfolioFieldsSchema.extend({
  id: z.string(),
  walletAddress: z.string(),
  nodePublicKey: z.string().nullable(),
  performance: PortfolioPerformanceSchema,
  /** null for an entry without a node key. */
  node: LinkedNodeSchema.nullable(),
  ...timestamps,
});
export type PortfolioEntry = z.infer<typeof PortfolioEntrySchema>;

/** Across the wallet's entries. */
export const PortfolioTotalsSchema = z.object({
  entries: z.number().int(),
  /** Sum of nodeCount (a linked entry is one node). */
  nodes: z.number().int(),
  linkedNodes: z.number().int(),
  /** Linked nodes by state; `unavailable` while the network service cannot be asked. */
  states: z.record(z.enum([...NodeStateOrUnknownSchema.options, 'unavailable']), z.number().int()),
  /** Typed actualRewards of unlinked entries plus the earned SHM of linked ones. */
  actualSHM: z.number(),
  expectedSHM: z.number(),
  /** actualSHM / expectedSHM; null while nothing is expected. */
  ratio: z.number().nullable(),
});
export type PortfolioTotals = z.infer<typeof PortfolioTotalsSchema>;

export const PortfolioReplySchema = z.object({
  success: z.literal(true),
  entries: z.array(PortfolioEntrySchema),
  basis: PerformanceBasisSchema,
  totals: PortfolioTotalsSchema,
  /** Every linked node in one table with a Σ row (docs/my-nodes.md, "Fleet view"); absent while no entry links a node. */
  fleet: FleetSchema.optional(),
});
export type PortfolioReply = z.infer<typeof PortfolioReplySchema>;
export const PortfolioEntryReplySchema = z.object({ success: z.literal(true), entry: PortfolioEntrySchema });
export type PortfolioEntryReply = z.infer<typeof PortfolioEntryReplySchema>;

// ── Scenarios (spec §3) ───────────────────────────────────────────────────────

/**
 * Economics results as a saved scenario keeps them: the calc contract, with the fields that came with
 * the risk bands (real yield, break-even price and standby count, bands, sensitivity) optional, so
 * scenarios saved before them still load, and a client on the earlier contract can still save.
 */
export const ScenarioResultsSchema = EconomicsResultsSchema.partial({
  realNetAPY: true,
  breakEvenShmPrice: true,
  breakEvenStandbyNodes: true,
  riskBands: true,
  sensitivity: true,
});
export type ScenarioResults = z.infer<typeof ScenarioResultsSchema>;

/** POST /api/dashboard/scenarios: parameters and results are checked against the calc contracts. */
export const SaveScenarioRequestSchema = z.object({
  scenarioName: nameSchema,
  profileId: idSchema('profile').nullable().optional().describe('One of the wallet’s profiles, or null'),
  walletAddress: walletField(),
  parameters: CalculatorParamsSchema,
  results: ScenarioResultsSchema,
});
export type SaveScenarioRequest = z.input<typeof SaveScenarioRequestSchema>;

export const RenameScenarioRequestSchema = z.object({ scenarioName: nameSchema, walletAddress: walletField() });
export type RenameScenarioRequest = z.input<typeof RenameScenarioRequestSchema>;

/** A scenario as listed: name, profile and dates, without its stored parameters and results. */
export const ScenarioSummarySchema = z.object({
  id: z.string(),
  scenarioName: z.string(),
  profileId: z.string().nullable(),
  walletAddress: z.string(),
  ...timestamps,
});
export type ScenarioSummary = z.infer<typeof ScenarioSummarySchema>;

export const ScenarioSchema = ScenarioSummarySchema.extend({
  parameters: CalculatorParamsSchema,
  results: ScenarioResultsSchema,
});
export type Scenario = z.infer<typeof ScenarioSchema>;

export const ScenariosReplySchema = z.object({ success: z.literal(true), scenarios: z.array(ScenarioSummarySchema) });
export type ScenariosReply = z.infer<typeof ScenariosReplySchema>;
export const ScenarioReplySchema = z.object({ success: z.literal(true), scenario: ScenarioSchema });
export type ScenarioReply = z.infer<typeof ScenarioReplySchema>;

export const DeletedReplySchema = z.object({ success: z.literal(true), deletedId: z.string() });
export type DeletedReply = z.infer<typeof DeletedReplySchema>;

// ── Path and query parameters ───────────────────────────────────────────────

const AddressParamSchema = z.object({ address: WalletAddressSchema.describe('The signed-in wallet') });
/** Ids are the server's UUIDs; anything longer than 64 characters cannot be one. */
const idOf = (what: string) => z.string().min(1).max(64).describe(`A ${what} id of the signed-in wallet`);
export const ProfileIdParamSchema = z.object({ id: idOf('profile') });
export const WalletParamSchema = AddressParamSchema;
export const EntryParamSchema = AddressParamSchema.extend({ entryId: idOf('portfolio entry') });
export const ScenarioParamSchema = AddressParamSchema.extend({ scenarioId: idOf('scenario') });
export const ProfilesQuerySchema = z.object({ walletAddress: WalletAddressSchema.optional().describe('Optional; must be the signed-in wallet') });
