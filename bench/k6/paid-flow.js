// A paid flow on the local chain, as the page drives it, through the web entry: a signed-in wallet
// starts a payment (initiate), pays 0.1 SHM (k6 cannot sign: the runner's loopback payer sends the
// transaction from that wallet when asked), reports the hash (submitted), asks for the outcome
// (verify-payment, which waits for the verification worker by design) and reads session-info until
// access is granted. One fresh wallet per iteration, signed in by the runner (FIXTURES).
import http from 'k6/http';
import exec from 'k6/execution';
import { sleep } from 'k6';
import { SharedArray } from 'k6/data';
import { Rate, Trend } from 'k6/metrics';
import { BASE_URL, expect, options as scenarioOptions, quick, summaryTo } from './common.js';

const wallets = new SharedArray('wallets', () => JSON.parse(open(__ENV.FIXTURES)).wallets);
/** From initiate to access granted. */
const paymentMs = new Trend('payment_ms', true);
const granted = new Rate('payments_granted');

export const options = scenarioOptions('paid-flow', {
  'http_reqs{step:wait}': [],
  'http_req_failed{step:wait}': [`rate<${__ENV.MAX_ERROR_RATE ?? 0.01}`],
  payments_granted: ['rate>0.99'],
  payment_ms: [`p(95)<${__ENV.PAYMENT_P95_MS ?? 10000}`],
});
export const handleSummary = summaryTo;

const GRANT_WAIT_S = 30;

export default function () {
  const wallet = wallets[exec.scenario.iterationInTest];
  if (!wallet) {
    // The runner signs in enough wallets for RATE × DURATION; more iterations mean a runner mistake.
    granted.add(false);
    return;
  }
  const headers = { 'content-type': 'application/json', cookie: wallet.cookie, 'x-forwarded-for': wallet.ip };
  const started = Date.now();
  const body = { walletAddress: wallet.address };

  const intent = http.post(`${BASE_URL}/api/payment/initiate`, JSON.stringify(body), { headers, ...quick('initiate') });
  if (!expect(intent, 'initiate: 200 with a session for 0.1 SHM', (r) => r.status === 200 && r.json('amount') === '0.1' && r.json('sessionId').length > 0)) {
    granted.add(false);
    return;
  }
  const { sessionId, recipient, amount } = intent.json();

  const payment = http.post(`${__ENV.PAYER_URL}/pay`, JSON.stringify({ wallet: wallet.address, to: recipient, amount }), {
    headers: { 'content-type': 'application/json' },
    tags: { name: 'payer', step: 'payer' },
    timeout: '60s',
  });
  if (!expect(payment, 'payer: the 0.1 SHM transaction is mined', (r) => r.status === 200 && /^0x[0-9a-f]{64}$/.test(r.json('hash')))) {
    granted.add(false);
    return;
  }
  const transactionHash = payment.json('hash');

  const submitted = http.post(`${BASE_URL}/api/payment/submitted`, JSON.stringify({ ...body, transactionHash, sessionId }), { headers, ...quick('submitted') });
  expect(submitted, 'submitted: 200', (r) => r.status === 200 && r.json('transactionHash') === transactionHash);

  const verify = http.post(`${BASE_URL}/api/verify-payment`, JSON.stringify({ ...body, transactionHash }), { headers, tags: { name: 'verify-payment', step: 'wait' }, timeout: '30s' });
  expect(verify, 'verify-payment: 200', (r) => r.status === 200);

  // The page reads session-info until the grant shows (verify may have answered "being processed").
  let valid = verify.status === 200 && verify.json('success') === true;
  const deadline = Date.now() + GRANT_WAIT_S * 1000;
  for (;;) {
    const info = http.get(`${BASE_URL}/api/wallet/${wallet.address}/session-info`, { headers, ...quick('session-info') });
    expect(info, 'session-info: 200', (r) => r.status === 200);
    valid = info.status === 200 && info.json('sessionInfo.isValid') === true;
    if (valid || Date.now() > deadline) break;
    sleep(1);
  }
  granted.add(valid);
  if (valid) paymentMs.add(Date.now() - started);
}
