import { CALCULATOR_DEFAULTS } from '../defaults';
import {
  DeletedReplySchema,
  RenameScenarioRequestSchema,
  SaveScenarioRequestSchema,
  ScenarioReplySchema,
  ScenariosReplySchema,
} from '../http/dashboard';
import { WALLET, addressParam, unauthorized } from './payments-shared';
import { AUTH, CATEGORY, PROFILE_ID, SCENARIO_ID, flagOff, guarded, limit, notFound, scenario, scenarioParams, scenarioSummary } from './dashboard-shared';
import type { EndpointDefinition } from './types';

/** Saved scenarios: list, save, read, rename, delete. */
export const DASHBOARD_SCENARIO_ENDPOINTS: EndpointDefinition[] = [
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
        example: { success: true, scenario },
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
        example: { success: true, scenario },
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
        example: { success: true, scenario: { ...scenario, scenarioName: 'Bull case' } },
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
