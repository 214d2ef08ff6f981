// The network page: the live network figures and the SHM price, read through the web entry.
import http from 'k6/http';
import { BASE_URL, expect, jsonHeaders, options as scenarioOptions, quick, summaryTo } from './common.js';

export const options = scenarioOptions('network');
export const handleSummary = summaryTo;

// The runner's stack polls the archiver and price stand-in's `spec` data set (infra/stand-ins/main.ts):
// 256 validators active, 200 on standby, $0.1265.
export default function () {
  const network = http.get(`${BASE_URL}/api/shardeum-network`, { headers: jsonHeaders(), ...quick('network') });
  expect(network, 'network: 200 with 256 active and 200 standby', (r) => r.status === 200 && r.json('data.totalNodes') === 256 && r.json('data.standbyNodes') === 200);
  const price = http.get(`${BASE_URL}/api/shm-price`, { headers: jsonHeaders(), ...quick('price') });
  expect(price, 'price: 200 with $0.1265', (r) => r.status === 200 && r.json('price') === 0.1265);
}
