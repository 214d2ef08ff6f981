// The admin page's flag read (GET /api/admin/feature-flags with the admin bearer token), through the
// web entry. The token comes from the runner, which signed the admin challenge with the admin wallet.
import http from 'k6/http';
import { BASE_URL, expect, jsonHeaders, options as scenarioOptions, quick, summaryTo } from './common.js';

export const options = scenarioOptions('admin-flags');
export const handleSummary = summaryTo;

const { adminToken } = JSON.parse(open(__ENV.FIXTURES));
const FLAGS = ['paymentGate', 'confetti', 'networkData', 'personalizedDashboard'];

export default function () {
  const res = http.get(`${BASE_URL}/api/admin/feature-flags`, { headers: jsonHeaders({ authorization: `Bearer ${adminToken}` }), ...quick('admin-flags') });
  // The runner leaves the payment gate off, so the calculator stays open to everyone.
  expect(res, 'admin flags: 200 with the four flags, payment gate off', (reply) => {
    const flags = reply.json('flags');
    return reply.status === 200 && FLAGS.every((f) => typeof flags[f] === 'boolean') && flags.paymentGate === false;
  });
}
