import { ErrorReplySchema } from '../errors';
import { CALCULATOR_DEFAULTS } from '../defaults';
import { DASHBOARD_LIMITS } from '../dashboard/schemas';
import { AT, SIGNED_IN, WALLET, unauthorized } from '../payments/examples';
import { validationError, type EndpointResponse } from '../docs-types';

/** Replies, examples and parameters the dashboard endpoint entries share. */
export const CATEGORY = 'Dashboard';
export const AUTH = `${SIGNED_IN} The personalizedDashboard flag must be on.`;
export const PROFILE_ID = '3b0e6a52-2f7e-4a1c-9d55-6c1f0e9b8a71';
export const ENTRY_ID = '9a4c1d2e-7b3f-4e60-8a15-2d9c3b4e5f60';
export const SCENARIO_ID = 'c2d8e1f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

export const errorExample = (code: string, message: string) => ({ error: { code, message, requestId: '5f0c…' } });
export const flagOff: EndpointResponse = {
  status: 403,
  description: 'The personalizedDashboard flag is off (FEATURE_DISABLED), or a wallet named in the path or body is not the signed-in one (FORBIDDEN)',
  schema: ErrorReplySchema,
  example: errorExample('FEATURE_DISABLED', 'The personalised dashboard is turned off'),
};
export const notFound = (what: string): EndpointResponse => ({
  status: 404,
  description: `No ${what} with this id belongs to the signed-in wallet`,
  schema: ErrorReplySchema,
  example: errorExample('NOT_FOUND', `${what.charAt(0).toUpperCase()}${what.slice(1)} not found`),
});
export const limit = (what: keyof typeof DASHBOARD_LIMITS, label: string): EndpointResponse => ({
  status: 409,
  description: `The wallet already keeps ${DASHBOARD_LIMITS[what]} ${label} (LIMIT_REACHED)`,
  schema: ErrorReplySchema,
  example: errorExample('LIMIT_REACHED', `A wallet can keep at most ${DASHBOARD_LIMITS[what]} ${label}; delete one first`),
});
export const guarded = [validationError, unauthorized, flagOff];

export const profile = {
  id: PROFILE_ID,
  walletAddress: WALLET,
  profileName: 'Two nodes, one year',
  investmentAmount: 10_000,
  targetTimeframe: 12,
  targetEarnings: 5_000,
  riskTolerance: 'moderate',
  preferredShmPrice: 0.25,
  customNodeCost: 35,
  notes: 'Hosted on a small VPS',
  isDefault: true,
  createdAt: AT,
  updatedAt: AT,
};
const { id: _id, walletAddress: _w, isDefault: _d, createdAt: _c, updatedAt: _u, ...fields } = profile;
export const profileFields = fields;
export const entryFields = { nodeCount: 2, actualInvestment: 700, shmPriceAtEntry: 0.12, actualRewards: 1250, entryDate: '2026-01-01', label: 'First two' };
export const basis = { rewardPerHour: 10, activeCommunityNodes: 20, standbyNodes: 200, monthlySHMPerNode: 654.5455, source: 'live', lastUpdated: AT };
/** An entry without a node key on 2026-01-31: 2 nodes × 654.5455 SHM × 1 month (30 days) expected, 1250 received. */
export const entry = {
  id: ENTRY_ID,
  walletAddress: WALLET,
  ...entryFields,
  nodePublicKey: null,
  performance: { monthsElapsed: 1, expectedRewards: 1309.0909, ratio: 0.9549, source: 'typed' },
  node: null,
  createdAt: AT,
  updatedAt: AT,
};
export const LINKED_ENTRY_ID = '5d1e2f30-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
export const NODE_KEY = '9f3c1b7e2a5d4c8f0e6b1a2d3c4e5f60718293a4b5c6d7e8f901122334455667';
export const linkedEntryFields = { nodeCount: 1, actualInvestment: 350, shmPriceAtEntry: 0.12, actualRewards: 0, entryDate: '2026-01-05', label: 'VPS node', nodePublicKey: NODE_KEY };
/**
 * A linked node on 2026-01-31, counted from 2026-01-05 (first seen 01-02), at 10 SHM/h: active
 * 01-14 → 01-22 (1920 SHM) and 12-30 → 01-07 (1920 SHM: 6 of its 8 days in January → 1440, 2 after
 * the entry date → 480); in standby for 9 days since. Earned 2400 against 654.5455 × 26/30 = 567.2727.
 */
export const linkedEntry = {
  id: LINKED_ENTRY_ID,
  walletAddress: WALLET,
  ...linkedEntryFields,
  performance: { monthsElapsed: 0.8667, expectedRewards: 567.2727, ratio: 4.2308, source: 'node' },
  node: {
    status: {
      publicKey: NODE_KEY,
      state: 'standby',
      since: '2026-01-22T00:00:00.000Z',
      firstSeen: '2026-01-02T00:00:00.000Z',
      lastChange: 'standby-added',
      activePeriods: [
        { start: '2026-01-14T00:00:00.000Z', end: '2026-01-22T00:00:00.000Z', earnedSHM: 1920 },
        { start: '2025-12-30T00:00:00.000Z', end: '2026-01-07T00:00:00.000Z', earnedSHM: 1920 },
      ],
      earnedSHM: 3840,
    },
    timeInStateSeconds: 777_600,
    activePeriodsThisMonth: 2,
    earnedThisMonthSHM: 3360,
    earnedSHM: 2400,
    standbyWait: { waitedDays: 9, p50Days: 5, p90Days: 14 },
  },
  createdAt: AT,
  updatedAt: AT,
};
/** The totals of [entry, linkedEntry]: 1250 typed + 2400 earned against 1309.0909 + 567.2727 expected. */
export const portfolioTotals = {
  entries: 2,
  nodes: 3,
  linkedNodes: 1,
  states: { standby: 1, syncing: 0, active: 0, gone: 0, unknown: 0, unavailable: 0 },
  actualSHM: 3650,
  expectedSHM: 1876.3636,
  ratio: 1.9453,
};
export const scenarioSummary = { id: SCENARIO_ID, scenarioName: 'Defaults, Nov 2026', profileId: PROFILE_ID, walletAddress: WALLET, createdAt: AT, updatedAt: AT };

/** A saved scenario as read back (its results abridged in the docs). */
export const scenario = { ...scenarioSummary, parameters: CALCULATOR_DEFAULTS, results: { '…': '…' } };
