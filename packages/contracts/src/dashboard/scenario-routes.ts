import { DEFAULT_ECONOMICS_RESULTS } from '../calc/examples';
import { CALCULATOR_DEFAULTS } from '../defaults';
import type { RouteDocs } from '../docs-types';
import { WALLET, unauthorized } from '../payments/examples';
import { defineRoutes } from '../route';
import { AUTH, CATEGORY, PROFILE_ID, SCENARIO_ID, flagOff, guarded, limit, notFound, scenario, scenarioSummary } from './examples';
import { DeletedReplySchema, RenameScenarioRequestSchema, SaveScenarioRequestSchema, ScenarioParamSchema, ScenarioReplySchema, ScenariosReplySchema, WalletParamSchema } from './schemas';

/** Saved scenarios: list, save, read, rename, delete; part of dashboardContract. */
export const dashboardScenarioContract = defineRoutes({
  scenarios: {
    method: 'GET', path: '/api/dashboard/scenarios/:address', service: 'dashboard', auth: 'wallet',
    cache: 'no-store', pathParams: WalletParamSchema, reply: ScenariosReplySchema, errors: [400, 401, 403],
  },
  saveScenario: {
    method: 'POST', path: '/api/dashboard/scenarios', service: 'dashboard', auth: 'wallet',
    status: 201, body: SaveScenarioRequestSchema, reply: ScenarioReplySchema, errors: [400, 401, 403, 404, 409],
  },
  scenario: {
    method: 'GET', path: '/api/dashboard/scenarios/:address/:scenarioId', service: 'dashboard', auth: 'wallet',
    cache: 'no-store', pathParams: ScenarioParamSchema, reply: ScenarioReplySchema, errors: [400, 401, 403, 404],
  },
  renameScenario: {
    method: 'PATCH', path: '/api/dashboard/scenarios/:address/:scenarioId', service: 'dashboard', auth: 'wallet',
    pathParams: ScenarioParamSchema, body: RenameScenarioRequestSchema, reply: ScenarioReplySchema, errors: [400, 401, 403, 404],
  },
  deleteScenario: {
    method: 'DELETE', path: '/api/dashboard/scenarios/:address/:scenarioId', service: 'dashboard', auth: 'wallet',
    pathParams: ScenarioParamSchema, reply: DeletedReplySchema, errors: [401, 403, 404],
  },
});

/** Each route's docs (the docs page and OpenAPI); a function, so the web's bundle leaves the text out. */
export const dashboardScenarioDocs = (): RouteDocs<typeof dashboardScenarioContract> => ({
  scenarios: {
    category: CATEGORY,
    title: 'List saved scenarios',
    description: 'The wallet’s saved scenarios, newest first (names and dates; GET one for its parameters and results).',
    authentication: AUTH,
    responses: [
      { status: 200, description: 'The scenarios', example: { success: true, scenarios: [scenarioSummary] } },
      ...guarded,
    ],
  },
  saveScenario: {
    category: CATEGORY,
    title: 'Save a scenario',
    description: 'Stores calculator parameters and their economics results, both checked against the calculation contracts.',
    authentication: AUTH,
    bodyExample: {
      scenarioName: 'Defaults, Nov 2026',
      profileId: PROFILE_ID,
      walletAddress: WALLET,
      parameters: CALCULATOR_DEFAULTS,
      // What POST /api/calculations/economics answers for these parameters (its `results`).
      results: DEFAULT_ECONOMICS_RESULTS,
    },
    responses: [
      {
        status: 201,
        description: 'The saved scenario',
        example: { success: true, scenario },
      },
      ...guarded,
      notFound('profile'),
      limit('scenarios', 'scenarios'),
    ],
  },
  scenario: {
    category: CATEGORY,
    title: 'Read a saved scenario',
    description: 'One scenario with its saved parameters and results.',
    authentication: AUTH,
    responses: [
      {
        status: 200,
        description: 'The scenario',
        example: { success: true, scenario },
      },
      ...guarded,
      notFound('scenario'),
    ],
  },
  renameScenario: {
    category: CATEGORY,
    title: 'Rename a saved scenario',
    description: 'Changes the scenario’s name; its parameters and results stay as saved.',
    authentication: AUTH,
    bodyExample: { scenarioName: 'Bull case' },
    responses: [
      {
        status: 200,
        description: 'The renamed scenario',
        example: { success: true, scenario: { ...scenario, scenarioName: 'Bull case' } },
      },
      ...guarded,
      notFound('scenario'),
    ],
  },
  deleteScenario: {
    category: CATEGORY,
    title: 'Delete a saved scenario',
    description: 'Removes one scenario.',
    authentication: AUTH,
    responses: [
      { status: 200, description: 'Deleted', example: { success: true, deletedId: SCENARIO_ID } },
      unauthorized,
      flagOff,
      notFound('scenario'),
    ],
  },
});
