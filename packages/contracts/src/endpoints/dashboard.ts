import { z } from 'zod';
import { CALCULATOR_DEFAULTS } from '../defaults';
import { ErrorReplySchema } from '../errors';
import { WalletAddressSchema } from '../http/common';
import {
  CreatePortfolioEntryRequestSchema,
  CreateProfileRequestSchema,
  DASHBOARD_LIMITS,
  DeletedReplySchema,
  DeleteProfileReplySchema,
  PortfolioEntryReplySchema,
  PortfolioReplySchema,
  ProfileReplySchema,
  ProfilesReplySchema,
  RenameScenarioRequestSchema,
  SaveScenarioRequestSchema,
  ScenarioReplySchema,
  ScenariosReplySchema,
  UpdatePortfolioEntryRequestSchema,
  UpdateProfileRequestSchema,
} from '../http/dashboard';
import { AT, SIGNED_IN, WALLET, addressParam, unauthorized } from './payments-shared';
import { validationError, type EndpointDefinition, type EndpointResponse } from './types';

const CATEGORY = 'Dashboard';
const AUTH = `${SIGNED_IN} The personalizedDashboard flag must be on.`;
const PROFILE_ID = '3b0e6a52-2f7e-4a1c-9d55-6c1f0e9b8a71';
const ENTRY_ID = '9a4c1d2e-7b3f-4e60-8a15-2d9c3b4e5f60';
const SCENARIO_ID = 'c2d8e1f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

const errorExample = (code: string, message: string) => ({ error: { code, message, requestId: '5f0c…' } });
const flagOff: EndpointResponse = {
  status: 403,
  description: 'The personalizedDashboard flag is off (FEATURE_DISABLED), or a wallet named in the path or body is not the signed-in one (FORBIDDEN)',
  schema: ErrorReplySchema,
  example: errorExample('FEATURE_DISABLED', 'The personalised dashboard is turned off'),
};
const notFound = (what: string): EndpointResponse => ({
  status: 404,
  description: `No ${what} with this id belongs to the signed-in wallet`,
  schema: ErrorReplySchema,
  example: errorExample('NOT_FOUND', `${what[0]!.toUpperCase()}${what.slice(1)} not found`),
});
const limit = (what: keyof typeof DASHBOARD_LIMITS, label: string): EndpointResponse => ({
  status: 409,
  description: `The wallet already keeps ${DASHBOARD_LIMITS[what]} ${label} (LIMIT_REACHED)`,
  schema: ErrorReplySchema,
  example: errorExample('LIMIT_REACHED', `A wallet can keep at most ${DASHBOARD_LIMITS[what]} ${label}; delete one first`),
});
const guarded = [validationError, unauthorized, flagOff];

const profile = {
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
const { id: _id, walletAddress: _w, isDefault: _d, createdAt: _c, updatedAt: _u, ...profileFields } = profile;
const entryFields = { nodeCount: 2, actualInvestment: 700, shmPriceAtEntry: 0.12, actualRewards: 1250, entryDate: '2026-01-01', label: 'First two' };
const basis = { rewardPerHour: 10, activeCommunityNodes: 20, standbyNodes: 200, monthlySHMPerNode: 654.5455, source: 'live', lastUpdated: AT };
const entry = {
  id: ENTRY_ID,
  walletAddress: WALLET,
  ...entryFields,
  performance: { monthsElapsed: 1.0333, expectedRewards: 1352.7273, ratio: 0.924 },
  createdAt: AT,
  updatedAt: AT,
};
const scenarioSummary = { id: SCENARIO_ID, scenarioName: 'Defaults, Nov 2026', profileId: PROFILE_ID, walletAddress: WALLET, createdAt: AT, updatedAt: AT };

const profileIdParam = z.object({ id: z.string().describe('A profile id of the signed-in wallet') });
const entryParams = addressParam.extend({ entryId: z.string().describe('A portfolio entry id of the signed-in wallet') });
const scenarioParams = addressParam.extend({ scenarioId: z.string().describe('A scenario id of the signed-in wallet') });

export const DASHBOARD_ENDPOINTS: EndpointDefinition[] = [
  {
    category: CATEGORY,
    method: 'GET',
    path: '/api/dashboard/profiles',
    title: 'List investment profiles',
    description: 'The signed-in wallet’s investment profiles, newest first; exactly one is the default while any exist.',
    service: 'dashboard',
    authentication: AUTH,
    query: z.object({ walletAddress: WalletAddressSchema.optional().describe('Optional; must be the signed-in wallet') }),
    responses: [{ status: 200, description: 'The profiles', schema: ProfilesReplySchema, example: { success: true, profiles: [profile] } }, ...guarded],
  },
  {
    category: CATEGORY,
    method: 'POST',
    path: '/api/dashboard/profiles',
    title: 'Create an investment profile',
    description: 'The wallet’s first profile becomes the default; `isDefault: true` makes a later one the default (the others lose it).',
    service: 'dashboard',
    authentication: AUTH,
    body: CreateProfileRequestSchema,
    bodyExample: { ...profileFields, walletAddress: WALLET, isDefault: false },
    responses: [
      { status: 201, description: 'The created profile', schema: ProfileReplySchema, example: { success: true, profile } },
      ...guarded,
      limit('profiles', 'profiles'),
    ],
  },
  {
    category: CATEGORY,
    method: 'PATCH',
    path: '/api/dashboard/profiles/:id',
    title: 'Edit an investment profile',
    description: 'Changes the given fields; `isDefault: true` makes it the default profile.',
    service: 'dashboard',
    authentication: AUTH,
    pathParams: profileIdParam,
    body: UpdateProfileRequestSchema,
    bodyExample: { targetEarnings: 7_500, isDefault: true },
    responses: [
      { status: 200, description: 'The profile as stored', schema: ProfileReplySchema, example: { success: true, profile } },
      ...guarded,
      notFound('profile'),
    ],
  },
  {
    category: CATEGORY,
    method: 'DELETE',
    path: '/api/dashboard/profiles/:id',
    title: 'Delete an investment profile',
    description: 'Deleting the default profile makes the most recently updated other profile the default.',
    service: 'dashboard',
    authentication: AUTH,
    pathParams: profileIdParam,
    responses: [
      { status: 200, description: 'Deleted', schema: DeleteProfileReplySchema, example: { success: true, deletedId: PROFILE_ID, newDefaultId: null } },
      unauthorized,
      flagOff,
      notFound('profile'),
    ],
  },
  {
    category: CATEGORY,
    method: 'GET',
    path: '/api/dashboard/portfolio/:address',
    title: 'List portfolio entries with their performance',
    description:
      'Each entry with the SHM the calculator expects its nodes to have earned since entryDate at today’s live network parameters, and actualRewards / expected as a ratio.',
    service: 'dashboard',
    authentication: AUTH,
    pathParams: addressParam,
    responses: [
      { status: 200, description: 'The entries', schema: PortfolioReplySchema, example: { success: true, entries: [entry], basis } },
      ...guarded,
    ],
  },
  {
    category: CATEGORY,
    method: 'POST',
    path: '/api/dashboard/portfolio',
    title: 'Add a portfolio entry',
    description: 'Nodes the wallet runs: count, investment, SHM price at entry, SHM rewards received and the start date.',
    service: 'dashboard',
    authentication: AUTH,
    body: CreatePortfolioEntryRequestSchema,
    bodyExample: { ...entryFields, walletAddress: WALLET },
    responses: [
      { status: 201, description: 'The created entry', schema: PortfolioEntryReplySchema, example: { success: true, entry } },
      ...guarded,
      limit('portfolioEntries', 'portfolio entries'),
    ],
  },
  {
    category: CATEGORY,
    method: 'PATCH',
    path: '/api/dashboard/portfolio/:address/:entryId',
    title: 'Edit a portfolio entry',
    description: 'Changes the given fields of one entry.',
    service: 'dashboard',
    authentication: AUTH,
    pathParams: entryParams,
    body: UpdatePortfolioEntryRequestSchema,
    bodyExample: { actualRewards: 1400 },
    responses: [
      { status: 200, description: 'The entry as stored', schema: PortfolioEntryReplySchema, example: { success: true, entry } },
      ...guarded,
      notFound('portfolio entry'),
    ],
  },
  {
    category: CATEGORY,
    method: 'DELETE',
    path: '/api/dashboard/portfolio/:address/:entryId',
    title: 'Delete a portfolio entry',
    description: 'Removes one entry.',
    service: 'dashboard',
    authentication: AUTH,
    pathParams: entryParams,
    responses: [
      { status: 200, description: 'Deleted', schema: DeletedReplySchema, example: { success: true, deletedId: ENTRY_ID } },
      unauthorized,
      flagOff,
      notFound('portfolio entry'),
    ],
  },
  {
    category: CATEGORY,
    method: 'GET',
    path: '/api/dashboard/scenarios/:address',
    title: 'List saved scenarios',
    description: 'The wallet’s saved scenarios, newest first (names and dates; GET one for its parameters and results).',
    service: 'dashboard',
    authentication: AUTH,
    pathParams: addressParam,
    responses: [
      { status: 200, description: 'The scenarios', schema: ScenariosReplySchema, example: { success: true, scenarios: [scenarioSummary] } },
      ...guarded,
    ],
  },
  {
    category: CATEGORY,
    method: 'POST',
    path: '/api/dashboard/scenarios',
    title: 'Save a scenario',
    description: 'Stores calculator parameters and their economics results, both checked against the calculation contracts.',
    service: 'dashboard',
    authentication: AUTH,
    body: SaveScenarioRequestSchema,
    bodyExample: {
      scenarioName: 'Defaults, Nov 2026',
      profileId: PROFILE_ID,
      walletAddress: WALLET,
      parameters: CALCULATOR_DEFAULTS,
      results: { '…': 'the reply of POST /api/calculations/economics' },
    },
    responses: [
      {
        status: 201,
        description: 'The saved scenario',
        schema: ScenarioReplySchema,
        example: { success: true, scenario: { ...scenarioSummary, parameters: CALCULATOR_DEFAULTS, results: { '…': '…' } } },
      },
      ...guarded,
      notFound('profile'),
      limit('scenarios', 'scenarios'),
    ],
  },
  {
    category: CATEGORY,
    method: 'GET',
    path: '/api/dashboard/scenarios/:address/:scenarioId',
    title: 'Read a saved scenario',
    description: 'One scenario with its saved parameters and results.',
    service: 'dashboard',
    authentication: AUTH,
    pathParams: scenarioParams,
    responses: [
      {
        status: 200,
        description: 'The scenario',
        schema: ScenarioReplySchema,
        example: { success: true, scenario: { ...scenarioSummary, parameters: CALCULATOR_DEFAULTS, results: { '…': '…' } } },
      },
      ...guarded,
      notFound('scenario'),
    ],
  },
  {
    category: CATEGORY,
    method: 'PATCH',
    path: '/api/dashboard/scenarios/:address/:scenarioId',
    title: 'Rename a saved scenario',
    description: 'Changes the scenario’s name; its parameters and results stay as saved.',
    service: 'dashboard',
    authentication: AUTH,
    pathParams: scenarioParams,
    body: RenameScenarioRequestSchema,
    bodyExample: { scenarioName: 'Bull case' },
    responses: [
      {
        status: 200,
        description: 'The renamed scenario',
        schema: ScenarioReplySchema,
        example: { success: true, scenario: { ...scenarioSummary, scenarioName: 'Bull case', parameters: CALCULATOR_DEFAULTS, results: { '…': '…' } } },
      },
      ...guarded,
      notFound('scenario'),
    ],
  },
  {
    category: CATEGORY,
    method: 'DELETE',
    path: '/api/dashboard/scenarios/:address/:scenarioId',
    title: 'Delete a saved scenario',
    description: 'Removes one scenario.',
    service: 'dashboard',
    authentication: AUTH,
    pathParams: scenarioParams,
    responses: [
      { status: 200, description: 'Deleted', schema: DeletedReplySchema, example: { success: true, deletedId: SCENARIO_ID } },
      unauthorized,
      flagOff,
      notFound('scenario'),
    ],
  },
];
