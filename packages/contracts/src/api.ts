import type { z } from 'zod';
import { ErrorReplySchema } from './errors';
import {
  EconomicsReplySchema,
  EconomicsRequestSchema,
  ProjectionReplySchema,
  ProjectionRequestSchema,
} from './http/calc';
import { CALCULATOR_DEFAULTS, PROJECTION_DEFAULTS } from './defaults';
import { ZERO_ADDRESS } from './http/common';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ServiceName = 'gateway' | 'calc';

export interface EndpointResponse {
  status: number;
  description: string;
  schema?: z.ZodType;
  example?: unknown;
}

/** One entry of the API surface: the docs page, OpenAPI and the gateway routing all read this list. */
export interface EndpointDefinition {
  category: string;
  method: HttpMethod;
  /** Express-style path, e.g. `/api/session/:sessionId`. */
  path: string;
  title: string;
  description: string;
  service: ServiceName;
  authentication?: string;
  body?: z.ZodType;
  bodyExample?: unknown;
  responses: EndpointResponse[];
}

/** Which service owns which path prefix; the gateway proxies by this table. */
export const SERVICE_ROUTES: { prefix: string; service: Exclude<ServiceName, 'gateway'> }[] = [
  { prefix: '/api/calculations', service: 'calc' },
];

const validationError = {
  status: 400,
  description: 'A field is missing or out of range; `fields` names each one',
  schema: ErrorReplySchema,
  example: {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'params.totalNodes: Must be at least 1',
      fields: { 'params.totalNodes': 'Must be at least 1' },
      requestId: '5f0c…',
    },
  },
};

const { circulatingSupply: _omit, ...calculatorParamsExample } = CALCULATOR_DEFAULTS;

export const API_ENDPOINTS: EndpointDefinition[] = [
  {
    category: 'Calculations',
    method: 'POST',
    path: '/api/calculations/economics',
    title: 'Calculate node economics',
    description:
      'Rewards, yields, issuance, inflation, break-even and target planning for one set of calculator parameters. Formulas: docs/methodology.md.',
    service: 'calc',
    authentication: 'None while the payment gate is off; otherwise a wallet with a valid 0.1 SHM payment.',
    body: EconomicsRequestSchema,
    bodyExample: { params: calculatorParamsExample, walletAddress: ZERO_ADDRESS },
    responses: [
      {
        status: 200,
        description: 'Computed economics',
        schema: EconomicsReplySchema,
        example: {
          results: {
            monthlySHM: 654.5454,
            monthlyUSD: 82.8,
            grossAPY: 327.27,
            netAPY: 188.94,
            maxNodes: 32,
            breakEven: 6.35,
            isTargetAchievable: false,
          },
        },
      },
      validationError,
    ],
  },
  {
    category: 'Calculations',
    method: 'POST',
    path: '/api/calculations/projections',
    title: 'Project earnings over a period',
    description:
      'Nodes affordable for an investment and the earnings, staking gains and final value after a number of months, with the SHM price moving linearly to a target.',
    service: 'calc',
    authentication: 'None while the payment gate is off; otherwise a wallet with a valid 0.1 SHM payment.',
    body: ProjectionRequestSchema,
    bodyExample: {
      params: {
        investmentAmount: CALCULATOR_DEFAULTS.investmentAmount,
        projectionMonths: PROJECTION_DEFAULTS.projectionMonths,
        projectedShmPrice: PROJECTION_DEFAULTS.projectedShmPrice,
        shmPrice: CALCULATOR_DEFAULTS.shmPrice,
        shmStake: CALCULATOR_DEFAULTS.shmStake,
        nodeCostPerMonth: CALCULATOR_DEFAULTS.nodeCostPerMonth,
        rewardPerHour: CALCULATOR_DEFAULTS.rewardPerHour,
        totalNodes: CALCULATOR_DEFAULTS.totalNodes,
        activeCommunityNodes: CALCULATOR_DEFAULTS.activeCommunityNodes,
        standbyNodes: CALCULATOR_DEFAULTS.standbyNodes,
      },
      walletAddress: ZERO_ADDRESS,
    },
    responses: [
      {
        status: 200,
        description: 'Projected earnings',
        schema: ProjectionReplySchema,
        example: { results: { maxNodes: 32, monthlyProfitPerNode: 47.8, priceAppreciationFactor: 7.9051 } },
      },
      validationError,
    ],
  },
];
