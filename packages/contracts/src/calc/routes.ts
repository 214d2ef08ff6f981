import { ZERO_ADDRESS } from '../common/schemas';
import { CALCULATOR_DEFAULTS, PROJECTION_DEFAULTS } from '../defaults';
import { validationError, type EndpointResponse, type RouteDocs } from '../docs-types';
import { ErrorReplySchema } from '../errors';
import { networkExample } from '../network/examples';
import { LiveDefaultsReplySchema } from '../network/schemas';
import { defineRoutes } from '../route';
import { DEFAULT_ECONOMICS_RESULTS } from './examples';
import { DEFAULT_ACTIVE_PERIOD_HOURS, EconomicsReplySchema, EconomicsRequestSchema, ProjectionReplySchema, ProjectionRequestSchema } from './schemas';

export const calcContract = defineRoutes({
  economics: {
    method: 'POST', path: '/api/calculations/economics', service: 'calc', auth: 'gate',
    body: EconomicsRequestSchema, reply: EconomicsReplySchema, errors: [400, 403],
  },
  projections: {
    method: 'POST', path: '/api/calculations/projections', service: 'calc', auth: 'gate',
    body: ProjectionRequestSchema, reply: ProjectionReplySchema, errors: [400, 403],
  },
  liveDefaults: { method: 'GET', path: '/api/calculations/live-defaults', service: 'calc', auth: 'none', reply: LiveDefaultsReplySchema, errors: [] },
});

/** Each route's docs (the docs page and OpenAPI); a function, so the web's bundle leaves the text out. */
export const calcDocs = (): RouteDocs<typeof calcContract> => {
  const { circulatingSupply: _omit, ...calculatorParamsExample } = CALCULATOR_DEFAULTS;
  /** The reply's headline figures for the defaults (abridged: the full set is DEFAULT_ECONOMICS_RESULTS). */
  const { monthlySHM, monthlyUSD, grossAPY, netAPY, maxNodes, breakEven, isTargetAchievable, realNetAPY, breakEvenShmPrice, breakEvenStandbyNodes, riskBands } =
    DEFAULT_ECONOMICS_RESULTS;
  const economicsExample = { monthlySHM, monthlyUSD, grossAPY, netAPY, maxNodes, breakEven, isTargetAchievable, realNetAPY, breakEvenShmPrice, breakEvenStandbyNodes, riskBands };
  const paymentRequired: EndpointResponse = {
    status: 403,
    description: 'The payment gate is on and no signed-in wallet with a valid payment is calling (PAYMENT_REQUIRED)',
    schema: ErrorReplySchema,
    example: { error: { code: 'PAYMENT_REQUIRED', message: 'Payment Required', requestId: '5f0c…' } },
  };
  return {
    economics: {
      category: 'Calculations',
      title: 'Calculate node economics',
      description:
        'Rewards, yields, issuance, inflation, break-even and target planning for one set of calculator parameters, with the real (inflation-adjusted) net APY, break-even SHM price and standby count, P10/P50/P90 risk bands from random rotation into the active set (optional activePeriodHours, default 4) and the net APY sensitivity to each input at ±20 %. Formulas: docs/methodology.md.',
      authentication: 'None while the payment gate is off; otherwise a wallet with a valid 0.1 SHM payment.',
      // activePeriodHours is optional; shown (at its default) so the example exercises every field.
      bodyExample: { params: { ...calculatorParamsExample, activePeriodHours: DEFAULT_ACTIVE_PERIOD_HOURS }, walletAddress: ZERO_ADDRESS },
      responses: [
        {
          status: 200,
          description: 'Computed economics',
          example: {
            results: {
              ...economicsExample,
              sensitivity: [
                { input: 'standbyNodes', netAPYLow: 261.66, netAPYHigh: 138.58, deltaLow: 72.73, deltaHigh: -50.35 },
                { input: 'rewardPerHour', netAPYLow: 123.48, netAPYHigh: 254.39, deltaLow: -65.45, deltaHigh: 65.45 },
              ],
            },
          },
        },
        validationError,
        paymentRequired,
      ],
    },
    projections: {
      category: 'Calculations',
      title: 'Project earnings over a period',
      description:
        'Nodes affordable for an investment and the earnings, staking gains and final value after a number of months, with the SHM price moving linearly to a target; month by month with the P10/P90 of cumulative profit (optional activePeriodHours, default 4).',
      authentication: 'None while the payment gate is off; otherwise a wallet with a valid 0.1 SHM payment.',
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
          activePeriodHours: DEFAULT_ACTIVE_PERIOD_HOURS,
        },
        walletAddress: ZERO_ADDRESS,
      },
      responses: [
        {
          status: 200,
          description: 'Projected earnings',
          example: {
            results: {
              maxNodes: 32,
              monthlyProfitPerNode: 47.8,
              priceAppreciationFactor: 7.9051,
              totalEarningsAfterMonths: 137278.25,
              monthly: [
                {
                  month: 1,
                  shm: 20945.45,
                  price: 0.1993,
                  value: 4174.25,
                  cumulativeProfit: 3054.25,
                  cumulativeProfitP10: 2832.06,
                  cumulativeProfitP90: 3277.85,
                },
              ],
            },
          },
        },
        validationError,
        paymentRequired,
      ],
    },
    liveDefaults: {
      category: 'Network',
      title: 'Live calculator defaults',
      description:
        'Calculator parameters from the latest network snapshot (calc consumes the `network.updated` event): total nodes, active community nodes and active nodes (the community active slots), standby nodes, reward per hour and stake. `defaults` is null until the first snapshot arrives.',
      responses: [
        {
          status: 200,
          description: 'The live defaults, or null',
          example: {
            defaults: { totalNodes: 255, activeCommunityNodes: 22, standbyNodes: 412, activeNodes: 22, rewardPerHour: 10, shmStake: 2400 },
            source: networkExample.source,
            isEstimate: false,
            lastUpdated: networkExample.lastUpdated,
          },
        },
      ],
    },
  };
};
