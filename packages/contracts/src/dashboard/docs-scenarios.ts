import { CALCULATOR_DEFAULTS } from '../defaults';
import { DEFAULT_ECONOMICS_RESULTS } from '../calc/examples';
import { WALLET, unauthorized } from '../payments/docs-shared';
import { AUTH, CATEGORY, PROFILE_ID, SCENARIO_ID, flagOff, guarded, limit, notFound, scenario, scenarioSummary } from './docs-shared';
import type { EndpointDocs } from '../docs-types';

/** Saved scenarios: list, save, read, rename, delete. */
export const dashboardScenarioDocs = {
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
} satisfies EndpointDocs;
