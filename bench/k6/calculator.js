// The calculator page: the economics and the projection of the page's default inputs (spec §3),
// POSTed through the web entry as the page does. Two requests per iteration.
import http from 'k6/http';
import { BASE_URL, expect, jsonHeaders, options as scenarioOptions, quick, summaryTo } from './common.js';

export const options = scenarioOptions('calculator');
export const handleSummary = summaryTo;

// The page's defaults (packages/contracts/src/defaults.ts), written out: this script checks the
// service, it does not share its code.
const params = {
  totalNodes: 256, activeCommunityNodes: 20, standbyNodes: 200, rewardPerHour: 10, nodeCostPerMonth: 35,
  shmPrice: 0.1265, shmStake: 2400, totalSupply: 249_000_000, circulatingSupply: 80_000_000,
  investmentAmount: 10_000, targetEarnings: 100_000, targetTimeframe: 12, targetShmPrice: 1,
};
const projection = {
  investmentAmount: 10_000, projectionMonths: 12, projectedShmPrice: 1, shmPrice: 0.1265, shmStake: 2400,
  nodeCostPerMonth: 35, rewardPerHour: 10, totalNodes: 256, activeCommunityNodes: 20, standbyNodes: 200,
};
const ZERO = '0x0000000000000000000000000000000000000000';
// By hand (docs/methodology.md): floor(10 000 / (2400 × 0.1265)) = floor(32.94) = 32 nodes.
const MAX_NODES = 32;

const economicsBody = JSON.stringify({ params, walletAddress: ZERO });
const projectionBody = JSON.stringify({ params: projection, walletAddress: ZERO });

export default function () {
  const economics = http.post(`${BASE_URL}/api/calculations/economics`, economicsBody, { headers: jsonHeaders(), ...quick('economics') });
  expect(economics, 'economics: 200 with 32 nodes', (r) => r.status === 200 && r.json('results.maxNodes') === MAX_NODES);
  const projected = http.post(`${BASE_URL}/api/calculations/projections`, projectionBody, { headers: jsonHeaders(), ...quick('projections') });
  expect(projected, 'projection: 200 with 32 nodes', (r) => r.status === 200 && r.json('results.maxNodes') === MAX_NODES);
}
