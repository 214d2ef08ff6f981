// k6 load script for POST /api/calculations/economics. TARGET is the base URL; VUS and DURATION tune the load.
import http from 'k6/http';
import { check } from 'k6';

export const options = {
  vus: Number(__ENV.VUS || 50),
  duration: __ENV.DURATION || '15s',
  thresholds: {
    http_req_failed: ['rate<0.01'],
    http_req_duration: ['p(99)<250'],
  },
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
};

const body = JSON.stringify({
  params: {
    totalNodes: 256, activeCommunityNodes: 20, standbyNodes: 200, rewardPerHour: 10, nodeCostPerMonth: 35,
    shmPrice: 0.1265, shmStake: 2400, totalSupply: 249000000, circulatingSupply: 80000000,
    investmentAmount: 10000, targetEarnings: 100000, targetTimeframe: 12, targetShmPrice: 1,
  },
  walletAddress: '0x0000000000000000000000000000000000000000',
});

export default function () {
  const res = http.post(`${__ENV.TARGET}/api/calculations/economics`, body, {
    headers: { 'content-type': 'application/json' },
  });
  check(res, { 'status 200': (r) => r.status === 200 });
}
