/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
// A watched node followed live, end to end: the archiver stand-in moves a public key through
// standby → syncing → active → removed, the network service tracks it cycle by cycle, the portfolio
// shows each state in Chromium, and a webhook receiver that fails twice first (and once is left
// holding a delivery while the worker is killed) gets exactly one alert per change (selected,
// activated, removed: docs/alerts.md).
//
// This file runs on a stack of its own (scripts/test.ts, the e2e tier's `live` stack): the stand-in
// answers the small, fast `watch` network (5-second cycles, control routes on), the network service
// polls every 2 s, and the alerts service runs as API only, so the alert worker is a process this test
// starts, kills and starts again.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { Wallet } from 'ethers';
import { startWebhookReceiver, type WebhookReceiver } from '@shm/platform/testing';
import { NodeLookupReplySchema, dashboardContract, pathOf, PortfolioReplySchema, type NodeStatus } from '@shm/contracts';
import { BASE_URL, DESKTOP, MOBILE, screenshot, waitForText } from './support/browser';
import { dashboard, dialog, fetchInPage, fitsWidth, tab, useDashboardFlag, waitForCount } from './support/dashboard';
import { closeToast, openWithWallet, toast, until } from './support/payment-gate';

jest.setTimeout(360_000);

const { chromium } = useDashboardFlag();

/** The stand-in's base URL, from the seed archiver the network service was given (`<url>#<key>`). */
const STAND_IN = (process.env.ARCHIVER_URLS ?? '').replace(/[#,].*$/, '').replace(/\/$/, '');
/** The `watch` data set's cycle length and reward (infra/stand-ins/main.ts). */
const CYCLE_SECONDS = 5;
const REWARD_PER_HOUR = 10;

async function standIn(pathname: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${STAND_IN}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

async function lookup(publicKey: string): Promise<NodeStatus> {
  const res = await fetch(`${BASE_URL}/api/shardeum-network/nodes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ publicKeys: [publicKey] }),
  });
  const [status] = NodeLookupReplySchema.parse(await res.json()).nodes;
  if (!status) throw new Error(`the lookup answered no node for ${publicKey}`);
  return status;
}

/** Waits until the tracker reports the node in `state`; returns the status. */
async function trackedIn(publicKey: string, state: NodeStatus['state']): Promise<NodeStatus> {
  const seen: { status?: NodeStatus } = {};
  await until(async () => (seen.status = await lookup(publicKey)).state === state, `the tracker to see the node ${state}`, 60_000);
  if (!seen.status) throw new Error(`the tracker never answered for the node in ${state}`);
  return seen.status;
}

/** The alerts service in the worker role, as its own process (so the test can kill it mid-delivery). */
function startWorker(): ChildProcess {
  const root = path.join(__dirname, '..');
  // Its log beside the stack's (scripts/test.ts), appended across restarts.
  const log = openSync(path.join(root, '.run', 'e2e-live-logs', 'alerts-worker.log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'services/alerts/src/main.ts')], {
    cwd: root,
    env: { ...process.env, ALERTS_ROLE: 'worker', ALERTS_PORT: String(Number(process.env.ALERTS_PORT ?? 18105) + 50) },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  return child;
}

describe('my nodes, live', () => {
  let receiver: WebhookReceiver;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    // For each change: 503, 503, then (for the first change only) held open while the worker is killed, then 200.
    let held = false;
    receiver = await startWebhookReceiver((attempt) => {
      if (attempt <= 2) return 'fail';
      if (attempt === 3 && !held) {
        held = true;
        return 'hold';
      }
      return 'accept';
    });
    worker = startWorker();
  });
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await receiver?.close();
  });

  it('when the stand-in moves a linked key standby → syncing → active → removed, then the portfolio shows each state and the receiver gets one alert per change', async () => {
    const publicKey = randomBytes(32).toString('hex');
    await standIn('/stand-in/nodes', { publicKey, action: 'join' });
    await trackedIn(publicKey, 'standby');

    // A wallet links the node and adds the receiver as its webhook, both through the page.
    const { page, injected } = await openWithWallet(chromium, '/', Wallet.createRandom().privateKey);
    await page.getByTestId('dashboard-hint').getByRole('button', { name: 'Connect Wallet' }).click();
    await dashboard(page).waitFor();
    await closeToast(page);

    await tab(page, 'Portfolio').click();
    const alerts = page.getByTestId('alerts-tab');
    await alerts.getByLabel('Webhook URL').fill(receiver.url);
    await alerts.getByLabel('Label (optional)').fill('Ops receiver');
    await alerts.getByTestId('destination-submit').click();
    await waitForText(toast(page), /Destination Added/);
    await waitForCount(alerts.getByTestId('destination-row'), 1);
    await closeToast(page);
    // A new webhook shows its signing secret once (e2e/alert-signing checks it): closed with Done.
    const secret = dialog(page, 'Signing Secret');
    await secret.getByTestId('signing-secret-done').click();
    await secret.waitFor({ state: 'detached' });

    await page.getByTestId('add-entry').click();
    const add = dialog(page, 'Add Portfolio Entry');
    await add.waitFor();
    await add.locator('#entry-label').fill('Rack 7');
    await add.getByLabel('Node public key').fill(publicKey);
    await add.locator('#entry-actualInvestment').fill('250');
    await add.locator('#entry-entryDate').fill(new Date().toISOString().slice(0, 10));
    await add.getByRole('button', { name: 'Add Entry' }).click();
    await waitForText(toast(page), /Entry Added/);
    await closeToast(page);

    const row = dashboard(page).getByTestId('portfolio-row');
    await waitForCount(row, 1);
    const showsState = async (state: string, label: RegExp) => {
      await until(async () => (await row.getAttribute('data-state')) === state, `the portfolio row to show ${state}`, 60_000);
      await waitForText(row.getByTestId('node-state'), label);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `my-nodes-${state}.png`);
      await page.setViewportSize(MOBILE);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `my-nodes-${state}-mobile.png`, false);
      // Nothing scrolls sideways on a phone (measured once the layout has settled at the new width).
      await until(() => fitsWidth(page), `the ${state} page to fit 390 px`, 3_000);
      await page.setViewportSize(DESKTOP);
    };

    // Standby: the badge, the time in state and the wait figures of the rotation (or a note while unknown).
    await showsState('standby', /Standby/);
    await waitForText(row.getByTestId('node-time'), /standby/i);

    // Selected: it syncs, then the simulation activates it a cycle later.
    await standIn('/stand-in/nodes', { publicKey, action: 'select' });
    await trackedIn(publicKey, 'syncing');
    await showsState('syncing', /Syncing/);
    const active = await trackedIn(publicKey, 'active');
    await showsState('active', /Active/);
    expect(active.activePeriods).toHaveLength(1);
    expect(active.activePeriods[0]?.end).toBeNull();

    // The first third attempt (the selection's, as a rule: it came a cycle earlier) is held while the
    // worker is killed; a new worker delivers it once, and the activation alert.
    await until(async () => receiver.attempts.some((a) => a.outcome === 'held'), 'the receiver to hold the third attempt', 60_000);
    if (!worker) throw new Error('the alert worker was not started');
    worker.kill('SIGKILL');
    worker = startWorker();
    await until(async () => receiver.accepted().length === 2, 'the selection and activation alerts after the restart', 120_000);

    // Rotated out: gone, and the period closed.
    await standIn('/stand-in/nodes', { publicKey, action: 'remove' });
    const gone = await trackedIn(publicKey, 'gone');
    await showsState('gone', /Gone/);
    const [period] = gone.activePeriods;
    if (!period?.end) throw new Error('the gone node has no closed active period');
    // Worked out from the cycle starts alone: whole cycles of 5 s between activation and removal, at 10 SHM/h.
    const activeSeconds = (Date.parse(period.end) - Date.parse(period.start)) / 1000;
    expect(activeSeconds % CYCLE_SECONDS).toBe(0);
    expect(activeSeconds).toBeGreaterThanOrEqual(CYCLE_SECONDS);
    // The service answers SHM to 6 decimals (a millionth of an SHM).
    expect(period.earnedSHM).toBeCloseTo((activeSeconds * REWARD_PER_HOUR) / 3600, 6);
    expect(gone.earnedSHM).toBeCloseTo(period.earnedSHM, 9);

    const reply = PortfolioReplySchema.parse(await fetchInPage(page, pathOf(dashboardContract.portfolio, { address: injected.address })));
    const [entry] = reply.entries;
    expect(entry?.node?.status?.state).toBe('gone');
    expect(entry?.node?.earnedSHM).toBeCloseTo(period.earnedSHM, 6);
    expect(entry?.performance.source).toBe('node');

    // Exactly one accepted alert per change (selected, activated, removed), each after 503, 503; every attempt of a change carried the same key.
    await until(async () => receiver.accepted().length === 3, 'the removal alert', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // a duplicate would arrive within the backoff
    const accepted = receiver.accepted();
    const kindOf = (a: (typeof accepted)[number]) => (a.body.change as { kind: string }).kind;
    expect(accepted.map(kindOf).sort()).toEqual(['activated', 'removed', 'selected']);
    expect(new Set(accepted.map((a) => a.idempotencyKey)).size).toBe(3);
    const outcomes = (key: string) => receiver.byKey(key).map((a) => a.outcome).join(' ');
    const byKind = Object.fromEntries(accepted.map((a) => [kindOf(a), outcomes(a.idempotencyKey)]));
    // One of the two first alerts was held across the kill (whichever third attempt came first).
    expect([byKind.selected, byKind.activated].sort()).toEqual(['failed failed accepted', 'failed failed held accepted']);
    expect(byKind.removed).toBe('failed failed accepted');

    // The app lists the three notifications and their deliveries as delivered (the Node Alerts section under the entries).
    await alerts.scrollIntoViewIfNeeded();
    await waitForCount(alerts.getByTestId('notification-row'), 3, 30_000);
    await until(async () => (await alerts.locator('[data-testid="delivery-row"][data-status="delivered"]').count()) === 3, 'the three deliveries shown delivered', 30_000);
    await screenshot(page, 'my-nodes-alerts.png');
  });
});
