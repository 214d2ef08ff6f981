import { ErrorReplySchema } from '../errors';
import { CALCULATOR_DEFAULTS } from '../defaults';
import { DASHBOARD_LIMITS } from '../dashboard/schemas';
import { AT, SIGNED_IN, WALLET, unauthorized } from '../payments/docs-shared';
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
  example: errorExample('NOT_FOUND', `${what[0]!.toUpperCase()}${what.slice(1)} not found`),
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
export const entry = {
  id: ENTRY_ID,
  walletAddress: WALLET,
  ...entryFields,
  performance: { monthsElapsed: 1.0333, expectedRewards: 1352.7273, ratio: 0.924 },
  createdAt: AT,
  updatedAt: AT,
};
export const scenarioSummary = { id: SCENARIO_ID, scenarioName: 'Defaults, Nov 2026', profileId: PROFILE_ID, walletAddress: WALLET, createdAt: AT, updatedAt: AT };

/** A saved scenario as read back (its results abridged in the docs). */
export const scenario = { ...scenarioSummary, parameters: CALCULATOR_DEFAULTS, results: { '…': '…' } };
