import {
  EconomicsReplySchema,
  EconomicsRequestSchema,
  ProjectionReplySchema,
  ProjectionRequestSchema,
} from '../http/calc';
import { CALCULATOR_DEFAULTS, PROJECTION_DEFAULTS } from '../defaults';
import { ZERO_ADDRESS } from '../http/common';
import { validationError, type EndpointDefinition } from './types';


const { circulatingSupply: _omit, ...calculatorParamsExample } = CALCULATOR_DEFAULTS;

export const CALC_ENDPOINTS: EndpointDefinition[] = [
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
