// k6 load script for GET /api/shardeum-network (answered from Redis). TARGET is the base URL; VUS and DURATION tune the load.
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

export default function () {
  const res = http.get(`${__ENV.TARGET}/api/shardeum-network`);
  check(res, {
    'status 200': (r) => r.status === 200,
    'has data': (r) => r.status === 200 && r.json('data.totalNodes') > 0,
  });
}
