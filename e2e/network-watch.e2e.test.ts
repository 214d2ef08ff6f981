/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
// The network watch end to end: the stand-in cuts the reward from 10 to 8 SHM/h at the next cycle
// (POST /stand-in/network-changes, then /stand-in/advance), the network service reads it from the archiver's network account,
// and the dashboard's Scenarios tab shows a saved scenario as saved and re-priced by the calculator.
// The reward goes back to 10 at the end, so the tests after this one see the stand-in's own figures.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Wallet } from 'ethers';
import { NetworkChangesReplySchema, type NetworkChangesReply } from '@shm/contracts';
import type { Page } from 'playwright-core';
import { blockingViolations } from './support/axe';
import { BASE_URL, DESKTOP, MOBILE, waitForText } from './support/browser';
import { dashboard, fitsWidth, tab, useDashboardFlag } from './support/dashboard';
import { closeToast, openWithWallet, toast, until } from './support/payment-gate';

jest.setTimeout(240_000);

const { chromium } = useDashboardFlag();
const STAND_IN = (process.env.ARCHIVER_URLS ?? '').replace(/[#,].*$/, '').replace(/\/$/, '');
const SHOTS = path.join(__dirname, '..', '.run', 'screenshots');
// 8 SHM/h at the stand-in's factor 1e7 / 24 649 is 0.0197192 units an hour; 10 SHM/h is 0.024649.
const EIGHT = '19719200000000000';
const TEN = '24649000000000000';

async function standIn(pathname: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${STAND_IN}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

const counter = async () => Number((await standIn(`/stand-in/nodes/${'0'.repeat(64)}`)).counter);

async function changes(): Promise<NetworkChangesReply> {
  // A refresh asks for a poll now rather than at the next scheduled one.
  await fetch(`${BASE_URL}/api/shardeum-network/refresh`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  return NetworkChangesReplySchema.parse(await (await fetch(`${BASE_URL}/api/shardeum-network/changes`)).json());
}

/**
 * Schedules the reward at `units` for the next cycle, moves the stand-in on to it and waits until the
 * network reads it in force and lists the change (the values in force are swapped before the change
 * is stored: a read between the two sees the one without the other).
 */
async function rewardInForce(units: string, perHour: number): Promise<NetworkChangesReply> {
  await standIn('/stand-in/network-changes', { cycle: (await counter()) + 1, set: { rewardUnits: units } });
  await standIn('/stand-in/advance', { cycles: 1 });
  const seen: { reply?: NetworkChangesReply } = {};
  const arrived = (reply: NetworkChangesReply) => reply.current?.figures?.rewardPerHour === perHour && reply.changes.some((c) => c.after?.rewardPerHour === perHour);
  await until(async () => arrived((seen.reply = await changes())), `the reward in force at ${perHour} SHM/h, and its change listed`, 90_000);
  if (!seen.reply) throw new Error('no network changes read');
  return seen.reply;
}

async function saveScenario(page: Page, name: string) {
  await tab(page, 'Overview').click();
  await closeToast(page);
  await page.getByTestId('quick-save-scenario').click();
  const save = page.getByRole('dialog', { name: 'Save Scenario' });
  await save.locator('#scenario-name').fill(name);
  await save.getByRole('button', { name: 'Save Scenario' }).click();
  await waitForText(toast(page), new RegExp(`Scenario Saved\\s*"${name}"`));
  await save.waitFor({ state: 'detached' });
}

describe('network watch: scenarios re-priced after a reward cut', () => {
  afterAll(async () => {
    await rewardInForce(TEN, 10);
  });

  it('when the reward is cut from 10 to 8 SHM/h, then the Scenarios tab shows each saved scenario as saved and re-priced, on desktop and phone', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { page } = await openWithWallet(chromium, '/', Wallet.createRandom().privateKey);
    await waitForText(page.getByTestId('tile-monthly-shm-rewards-value'), '654.55 SHM');
    await page.getByTestId('dashboard-hint').getByRole('button', { name: 'Connect Wallet' }).click();
    await dashboard(page).waitFor();
    await saveScenario(page, 'Baseline');
    // A change is told once per cycle and value: on a stack kept from an earlier run (the stand-in
    // starts at the same counter every time), move past the cycles whose changes are recorded.
    const recorded = Math.max(0, ...(await changes()).changes.map((c) => c.cycle ?? 0));
    const start = await counter();
    if (recorded >= start) await standIn('/stand-in/advance', { cycles: recorded - start + 1 });

    const reply = await rewardInForce(EIGHT, 8);
    const cut = reply.changes.find((c) => c.after?.rewardPerHour === 8);
    expect(cut?.before?.rewardPerHour).toBe(10);

    // The tab asks for the network's changes when it opens: after the cut.
    await tab(page, 'Scenarios').click();
    const section = dashboard(page).getByTestId('scenario-repricing');
    await waitForText(section.getByRole('heading'), `Network change: reward per active hour 10 SHM → 8 SHM from cycle ${cut?.cycle}`);
    await expect(section.getByText('keeps the higher rate for that active period', { exact: false }).count()).resolves.toBe(1);
    const row = section.getByRole('row', { name: /Baseline/ });
    // Defaults (share 20/220, stake 303.6 USD): 47.8 USD a month → 188.93 %, 7 months (6.35 rounded up);
    // at 8 SHM/h 31.24 USD → 123.48 %, 10 months (9.72 rounded up).
    await waitForText(row.getByTestId('repriced-net-apy'), /188\.93%\s*→\s*now\s*123\.48%/);
    await expect(row.getByTestId('repriced-reward').textContent()).resolves.toMatch(/10 SHM\s*→\s*now\s*8 SHM/);
    await expect(row.getByTestId('repriced-break-even').textContent()).resolves.toMatch(/7 months\s*→\s*now\s*10 months/);

    await page.setViewportSize(DESKTOP);
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'network-watch-scenarios-1280.png'), fullPage: false });
    expect(await blockingViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    await section.scrollIntoViewIfNeeded();
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'network-watch-scenarios-390.png'), fullPage: false });
    expect(await blockingViolations(page)).toEqual([]);

    // The network page: the SHM figure beside the raw values it comes from (amount × mul / div).
    await page.setViewportSize(DESKTOP);
    await page.goto(`${BASE_URL}/network`);
    const card = page.getByTestId('network-parameters');
    const reward = card.getByRole('row', { name: /Reward per active hour/ });
    await waitForText(reward, /8 SHM/, 30_000);
    await expect(reward.textContent()).resolves.toContain('nodeRewardAmountUsd 0.0197192 per 3,600,000 ms × 10,000,000 / 24,649');
    await expect(card.getByRole('row', { name: /Stake required/ }).textContent()).resolves.toMatch(/2,400 SHM/);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'network-watch-parameters-1280.png'), fullPage: false });
    expect(await blockingViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    await card.scrollIntoViewIfNeeded();
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'network-watch-parameters-390.png'), fullPage: false });
  });
});
