// What a visitor and an operator do, run against the containerised product through its one public
// port (the web container): the calculator with the hand-worked default figures, wallet sign-in, the
// admin's flags, a paid flow on the chain container, the network page from the archiver container,
// metrics kept off the public port, and one service container restarted without losing anything.
// Each check is one test in the tier's count; expected values come from packages/contracts (the
// defaults' hand-worked economics) and from the stand-in's documented `sample` network, not from the
// product's code.
import { CALCULATOR_DEFAULTS, DEFAULT_ECONOMICS_RESULTS, ErrorCode, adminContract, authContract, calcContract, flagsContract, networkContract, paymentContract, priceContract } from '@shm/contracts';
import path from 'node:path';
import { type HDNodeWallet, JsonRpcProvider, Wallet, parseEther } from 'ethers';
import { chromium } from 'playwright-core';
import { adminFlags } from '../admin-flags';
import { signIn as drillSignIn, gatewayClient, recorder, sleep, visitorIp } from '../drill/client';
import { ensureDebianPackage } from '../deps';
import { RUN_DIR } from './engine';
import type { ComposeStack } from './compose';

export interface CheckContext {
  /** The web container's published URL, e.g. http://127.0.0.1:21680. */
  webUrl: string;
  /** The chain container's published JSON-RPC URL. */
  chainUrl: string;
  adminKey: string;
  recipient: string;
  stack: ComposeStack;
  /** Runs a command in a service's container (e.g. to scrape metrics on the compose network). */
  execIn: (service: string, command: string[]) => { status: number; stdout: string };
}

export interface CheckResult {
  name: string;
  ok: boolean;
  error?: string;
  seconds: number;
}

/** Hardhat's account #2 (its key is public): a funded wallet on the chain container that pays. */
const PAYER_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
/**
 * The stand-in's `sample` network (infra/stand-ins/main.ts): 255 active, 233 of them foundation (so
 * 22 community), 412 standby, SHM at $0.1172. The community nodes a newcomer competes with are the
 * 22 active and the 412 standby: 434.
 */
const SAMPLE = { active: 255, activeCommunity: 22, standby: 412, competing: 22 + 412, priceUsd: 0.1172 };

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

interface Reply<T> {
  status: number;
  json: T;
  text: string;
  headers: Headers;
}

async function call<T>(url: string, { method = 'GET', body, cookie, bearer }: { method?: string; body?: unknown; cookie?: string; bearer?: string } = {}): Promise<Reply<T>> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json: json as T, text, headers: res.headers };
}

/** Polls `attempt` until it returns a value (not undefined) or `timeoutMs` passes; then throws with the last reason. */
async function eventually<T>(what: string, timeoutMs: number, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    try {
      const value = await attempt();
      if (value !== undefined) return value;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s${last ? ` (last: ${last})` : ''}`);
    await sleep(500);
  }
}

/** The figures a person reads, compared with the hand-worked defaults to their shown precision. */
function wrongFigures(results: Record<string, unknown>): string[] {
  const fields = ['monthlySHM', 'monthlyUSD', 'monthlyProfit', 'stakeValue', 'breakEven', 'grossAPY', 'netAPY', 'realNetAPY', 'maxNodes', 'expectedActiveTime'] as const;
  return fields
    .filter((field) => {
      const expected = DEFAULT_ECONOMICS_RESULTS[field];
      return expected === null ? results[field] !== null : !(Math.abs(Number(results[field]) - expected) <= 0.005);
    })
    .map((field) => `${field} ${String(results[field])} ≠ ${String(DEFAULT_ECONOMICS_RESULTS[field])}`);
}

/** Signs `wallet` in (EIP-4361) through the web entry, as the drill's visitors do; the session cookie. */
async function signIn(webUrl: string, wallet: Wallet): Promise<string> {
  const cookie = await drillSignIn(gatewayClient(webUrl, recorder()), wallet, visitorIp());
  assert(cookie, 'the wallet could not sign in');
  return cookie;
}

const economics = (webUrl: string, walletAddress: string, cookie?: string) =>
  call<{ results?: Record<string, unknown>; error?: { code: string } }>(`${webUrl}${calcContract.economics.path}`, { method: 'POST', body: { params: CALCULATOR_DEFAULTS, walletAddress }, cookie });

/** The checks, in order; later ones use what earlier ones set up (a signed-in payer, the admin's flags). */
export function productChecks(ctx: CheckContext): { name: string; run: () => Promise<void> }[] {
  const { webUrl } = ctx;
  const chain = new JsonRpcProvider(ctx.chainUrl, 8118, { staticNetwork: true });
  const payer = new Wallet(PAYER_KEY, chain);
  const state: { cookie?: string } = {};

  return [
    {
      name: 'every container runs and its healthcheck answers healthy',
      run: async () => {
        await ctx.stack.waitHealthy(60_000);
        const states = ctx.stack.containers();
        // 11 of docker-compose.yml (redis, mongo, calc, network, node-tracking, payments, payments-worker, dashboard, alerts, gateway, web) + chain + archiver
        assert(states.length === 13, `expected 13 containers, found ${states.length}: ${states.map((c) => c.service).join(', ')}`);
      },
    },
    {
      name: 'the calculator answers the hand-worked figures of the defaults through the web container',
      run: async () => {
        const reply = await economics(webUrl, '0x0000000000000000000000000000000000000000');
        assert(reply.status === 200 && reply.json.results, `economics: ${reply.status} ${reply.text.slice(0, 300)}`);
        const wrong = wrongFigures(reply.json.results);
        assert(!wrong.length, wrong.join('; '));
      },
    },
    {
      name: 'a wallet signs in (EIP-4361) and its session names it',
      run: async () => {
        state.cookie = await signIn(webUrl, payer);
        const session = await call<{ authenticated: boolean; address?: string }>(`${webUrl}${authContract.session.path}`, { cookie: state.cookie });
        assert(session.json.authenticated && session.json.address === payer.address.toLowerCase(), `session: ${session.text}`);
      },
    },
    {
      name: 'the admin wallet signs in and turns every flag on; visitors see the flags',
      run: async () => {
        const flags = await adminFlags({ gatewayUrl: webUrl, key: ctx.adminKey });
        await flags.set({ paymentGate: true, networkData: true, personalizedDashboard: true });
        const read = await call<{ flags: Record<string, boolean> }>(`${webUrl}${flagsContract.read.path}`);
        for (const flag of ['paymentGate', 'networkData', 'personalizedDashboard']) assert(read.json.flags?.[flag] === true, `${flag} reads ${String(read.json.flags?.[flag])}`);
        // A wallet that is not the admin's gets no admin token.
        await assertRefusedAdmin(webUrl, Wallet.createRandom());
      },
    },
    {
      name: 'with the gate on, 0.1 SHM paid on the chain container unlocks the calculator for 24 hours',
      run: async () => {
        assert(state.cookie, 'no signed-in wallet');
        const before = await economics(webUrl, payer.address, state.cookie);
        assert(before.status === 403 && before.json.error?.code === ErrorCode.PAYMENT_REQUIRED, `before paying: ${before.status} ${before.text.slice(0, 200)}`);
        const walletAddress = payer.address.toLowerCase();
        const initiated = await call<{ sessionId: string; recipient: string; amount: string }>(`${webUrl}${paymentContract.initiate.path}`, { method: 'POST', body: { walletAddress }, cookie: state.cookie });
        assert(initiated.status === 200, `initiate: ${initiated.status} ${initiated.text}`);
        assert(initiated.json.recipient.toLowerCase() === ctx.recipient.toLowerCase() && initiated.json.amount === '0.1', `initiate asks ${initiated.json.amount} SHM to ${initiated.json.recipient}`);
        const tx = await payer.sendTransaction({ to: initiated.json.recipient, value: parseEther(initiated.json.amount) });
        const mined = await tx.wait();
        assert(mined?.status === 1, `the payment ${tx.hash} was not mined`);
        const received = (await chain.getBalance(ctx.recipient, mined.blockNumber)) - (await chain.getBalance(ctx.recipient, mined.blockNumber - 1));
        assert(received === parseEther('0.1'), `the recipient received ${received} wei, not 0.1 SHM`);
        const submitted = await call(`${webUrl}${paymentContract.submitted.path}`, { method: 'POST', body: { walletAddress, transactionHash: tx.hash, sessionId: initiated.json.sessionId }, cookie: state.cookie });
        assert(submitted.status === 200, `submitted: ${submitted.status} ${submitted.text}`);
        const paid = await eventually('the payment was not confirmed', 60_000, async () => {
          const status = await call<{ isPaid: boolean; hoursRemaining?: number }>(`${webUrl}${paymentContract.checkStatus.path.replace(':address', walletAddress)}`, { method: 'POST', body: {}, cookie: state.cookie });
          return status.json.isPaid ? status.json : undefined;
        });
        assert(Number(paid.hoursRemaining) > 23.9 && Number(paid.hoursRemaining) <= 24, `access for ${String(paid.hoursRemaining)} h`);
        const after = await economics(webUrl, payer.address, state.cookie);
        assert(after.status === 200 && after.json.results && !wrongFigures(after.json.results).length, `after paying: ${after.status} ${after.text.slice(0, 200)}`);
      },
    },
    {
      name: 'the network page shows the archiver container\'s network, not the defaults',
      run: async () => {
        const data = await eventually('the network service did not report the stand-in\'s network', 60_000, async () => {
          const reply = await call<{ data: { totalNodes: number; standbyNodes: number; communityNodes: number; totalCommunityNodes?: number; isEstimate: boolean } }>(`${webUrl}${networkContract.data.path}`);
          return reply.status === 200 && !reply.json.data.isEstimate ? reply.json.data : undefined;
        });
        const seen = { active: data.totalNodes, activeCommunity: data.totalCommunityNodes, standby: data.standbyNodes, competing: data.communityNodes };
        const expected = { active: SAMPLE.active, activeCommunity: SAMPLE.activeCommunity, standby: SAMPLE.standby, competing: SAMPLE.competing };
        assert(JSON.stringify(seen) === JSON.stringify(expected), `network ${JSON.stringify(seen)}, expected ${JSON.stringify(expected)}`);
        const price = await call<{ price: number }>(`${webUrl}${priceContract.price.path}`);
        assert(price.json.price === SAMPLE.priceUsd, `price ${String(price.json.price)}`);
        const page = await call(`${webUrl}/network`);
        assert(page.status === 200 && page.headers.get('content-type')?.includes('text/html'), `/network: ${page.status}`);
        for (const figure of [String(SAMPLE.active), String(SAMPLE.standby)]) assert(page.text.includes(`>${figure}<`), `the rendered /network page does not show ${figure}`);
      },
    },
    {
      name: 'in Chromium, the /network page from the web image takes over in the browser and shows the live network, with no failed request',
      run: async () => {
        ensureDebianPackage('/usr/bin/chromium', 'chromium');
        const browser = await chromium.launch({
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        });
        try {
          const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
          const failed: string[] = [];
          page.on('response', (response) => {
            if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
          });
          page.on('requestfailed', (request) => failed.push(`${request.failure()?.errorText ?? 'failed'} ${request.url()}`));
          page.on('pageerror', (error) => failed.push(`page error: ${error.message}`));
          await page.goto(`${webUrl}/network`);
          // The app's code (from the image's assets) ran and took the server's page over.
          await page.waitForSelector('html[data-app="ready"]', { timeout: 30_000 });
          const standby = page.getByTestId('network-stat-standby-nodes-value');
          await standby.waitFor({ timeout: 15_000 });
          const shown = (await standby.textContent())?.trim();
          await page.screenshot({ path: path.join(RUN_DIR, 'network-page.png'), fullPage: true });
          assert(shown === String(SAMPLE.standby), `the page shows ${String(shown)} standby nodes, not ${SAMPLE.standby}`);
          assert(!failed.length, failed.join('; '));
        } finally {
          await browser.close();
        }
      },
    },
    {
      name: 'metrics are not on the public port, and the web container serves them on the compose network',
      run: async () => {
        for (const pathname of ['/metrics', '/api/metrics', '/metrics/']) {
          const reply = await call(`${webUrl}${pathname}`);
          assert(reply.status < 500 && !/# TYPE|http_requests_total/.test(reply.text), `${pathname} answered metrics (${reply.status})`);
        }
        const scrape = ctx.execIn('gateway', ['node', '-e', "fetch('http://web:8090/metrics').then(r=>r.text()).then(t=>console.log(t))"]);
        assert(scrape.status === 0 && /# TYPE http_requests_total counter/.test(scrape.stdout), 'web:8090/metrics did not answer from inside the compose network');
      },
    },
    {
      name: 'a restarted payments container loses nothing: the grant, the session and the flags hold',
      run: async () => {
        assert(state.cookie, 'no signed-in wallet');
        const restarted = await ctx.stack.compose('restart-payments', ['restart', 'payments']);
        assert(restarted.status === 0, `compose restart payments: ${restarted.output.slice(-500)}`);
        await ctx.stack.waitHealthy(90_000);
        const info = await call<{ sessionInfo: { isValid: boolean } }>(`${webUrl}${paymentContract.sessionInfo.path.replace(':address', payer.address.toLowerCase())}`, { cookie: state.cookie });
        assert(info.status === 200 && info.json.sessionInfo.isValid, `session info after the restart: ${info.status} ${info.text}`);
        const after = await economics(webUrl, payer.address, state.cookie);
        assert(after.status === 200, `the paid wallet's calculation after the restart: ${after.status}`);
        const read = await call<{ flags: Record<string, boolean> }>(`${webUrl}${flagsContract.read.path}`);
        assert(read.json.flags?.paymentGate === true, 'the payment gate flag was lost');
      },
    },
  ];
}

/** A wallet other than ADMIN_WALLET gets no admin token (refused at the challenge or at the signature). */
async function assertRefusedAdmin(webUrl: string, wallet: HDNodeWallet): Promise<void> {
  const challenge = await call<{ challenge?: string }>(`${webUrl}${adminContract.challenge.path}`, { method: 'POST', body: { walletAddress: wallet.address } });
  if (challenge.status !== 200 || !challenge.json.challenge) return; // refused at the challenge
  const verify = await call(`${webUrl}${adminContract.verify.path}`, { method: 'POST', body: { walletAddress: wallet.address, challenge: challenge.json.challenge, signature: await wallet.signMessage(challenge.json.challenge) } });
  assert(verify.status === 401 || verify.status === 403, `a stranger's admin sign-in answered ${verify.status}`);
}
