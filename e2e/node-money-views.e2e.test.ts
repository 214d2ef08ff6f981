/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
// "Earnings & Unstake" of linked nodes in Chromium (issue 34): the chain's ledger, the reconciliation,
// the income and "Can I unstake now?" at 1280 and 390 px, axe, and both CSV exports parsed. The
// portfolio and the money replies are fixed here (checked against their contracts), worked by hand,
// so every kind of row and a source that could not be read are on screen at once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import { PortfolioReplySchema, type NodeMoneyReply, type PortfolioEntry } from '@shm/contracts';
import { NodeMoneyReplySchema } from '@shm/contracts/network';
import { blockingViolations } from './support/axe';
import { DESKTOP, MOBILE, SCREENSHOTS, waitForText } from './support/browser';
import { dashboard, dialog, fitsWidth, tab, useDashboardFlag, waitForCount } from './support/dashboard';
import { closeToast, openWithWallet, toast, until } from './support/payment-gate';

jest.setTimeout(180_000);

const { chromium } = useDashboardFlag();

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);
const NOMINATOR = '0x2222222222222222222222222222222222222222';
const shm = (whole: bigint) => (whole * 10n ** 18n).toString();
const FEE = '4056959714390036106';
const factor = { stabilityScaleMul: 10_000_000, stabilityScaleDiv: 24_649 };

const entry = (id: string, label: string, key: string | null): PortfolioEntry => ({
  id,
  walletAddress: '0x0',
  nodeCount: 1,
  actualInvestment: 350,
  shmPriceAtEntry: 0.12,
  actualRewards: 0,
  entryDate: '2025-11-01',
  label,
  nodePublicKey: key,
  performance: { monthsElapsed: 0.5, expectedRewards: 200, ratio: 0.26, source: 'typed' },
  node: key ? { status: null, timeInStateSeconds: null, activePeriodsThisMonth: 0, earnedThisMonthSHM: 0, earnedSHM: 0, standbyWait: null } : null,
  createdAt: '2025-11-01T00:00:00.000Z',
  updatedAt: '2025-11-01T00:00:00.000Z',
});

const portfolio = PortfolioReplySchema.parse({
  success: true,
  entries: [entry('n1', 'Home validator', KEY_A), entry('n2', 'Cloud box', KEY_B), entry('t1', 'Typed only', null)],
  basis: { rewardPerHour: 10, activeCommunityNodes: 20, standbyNodes: 200, monthlySHMPerNode: 654.5454, source: 'live', lastUpdated: '2025-11-10T09:00:00.000Z' },
  totals: { entries: 3, nodes: 3, linkedNodes: 2, states: { active: 0, syncing: 0, standby: 0, gone: 0, unknown: 0, unavailable: 2 }, actualSHM: 0, expectedSHM: 600, ratio: 0 },
});

const period = (index: number, start: string, end: string, seconds: number, perHour: bigint, price: number | null, value: number | null, rule = 'same') => ({
  kind: 'period',
  index,
  start,
  end,
  seconds,
  ratePerIntervalWei: shm(perHour),
  rule,
  activationRatePerHour: rule === 'claim' ? 10 : Number(perHour),
  claimRatePerHour: rule === 'activation' ? 10 : Number(perHour),
  ...factor,
  amountWei: ((perHour * 10n ** 18n * BigInt(seconds)) / 3600n).toString(),
  amountSource: 'claim-receipt',
  check: 'ok',
  price: { day: end.slice(0, 10), price, source: price === null ? 'none' : 'history' },
  value,
  txHash: `0xc1a1${index}`,
});

/*
 * Node A, worked by hand: staked 2,400 SHM; periods of 10,800 s at 10 SHM/h (30 SHM × $0.12 = $3.60),
 * 5,400 s at 12 SHM/h by the claim's rate (18 SHM × $0.125 = $2.25) and 1,200 s at 12 SHM/h (4 SHM, no
 * price that day); a 480 SHM penalty; unstaked: 1,920 + 52 − 4.056959714390036106 = 1,967.943040285609963894
 * SHM, the 52 SHM reward × $0.13 = $6.76 received. Staked again, it has gone with no reward end time.
 */
const moneyA: NodeMoneyReply = NodeMoneyReplySchema.parse({
  success: true,
  publicKey: KEY_A,
  currency: 'usd',
  source: { state: 'read', name: 'explorer', detail: 'Read from the explorer', readAt: '2025-11-20T12:00:00.000Z' },
  trackedState: 'gone',
  account: null,
  operator: null,
  network: { ...factor, rewardUnits: '24649000000000000', rewardIntervalMs: 3_600_000, txFeeWei: FEE },
  ledger: [
    { kind: 'stake', at: '2025-11-01T09:00:00.000Z', amountWei: shm(2400n), txHash: '0x5e1' },
    period(1, '2025-11-02T00:00:00.000Z', '2025-11-02T03:00:00.000Z', 10_800, 10n, 0.12, 3.6),
    period(2, '2025-11-05T12:00:00.000Z', '2025-11-05T13:30:00.000Z', 5_400, 12n, 0.125, 2.25, 'claim'),
    { kind: 'penalty', at: '2025-11-06T08:00:00.000Z', violation: 'left-early', amountWei: shm(480n), price: { day: '2025-11-06', price: 0.11, source: 'history' }, value: 52.8, txHash: '0x9e1' },
    period(3, '2025-11-07T06:00:00.000Z', '2025-11-07T06:20:00.000Z', 1_200, 12n, null, null, 'activation'),
    {
      kind: 'unstake',
      at: '2025-11-09T10:00:00.000Z',
      stakeWei: shm(1920n),
      rewardWei: shm(52n),
      penaltyWei: shm(480n),
      feeWei: FEE,
      payoutWei: '1967943040285609963894',
      price: { day: '2025-11-09', price: 0.13, source: 'history' },
      value: 6.76,
      txHash: '0x0u1',
    },
    { kind: 'stake', at: '2025-11-10T09:00:00.000Z', amountWei: shm(2400n), txHash: '0x5e2' },
  ],
  reconciliation: {
    ok: true,
    chainTotalRewardWei: shm(52n),
    ledgerTotalRewardWei: shm(52n),
    chainRewardWei: '0',
    ledgerOpenRewardWei: '0',
    problems: [],
    model: { earnedSHM: 50, chainSHM: 52, differenceSHM: 2, explanations: ['Period 2 was paid at the rate at its claim (12 SHM/h), above the 10 SHM/h the model used: +3 SHM.'] },
  },
  income: { accrual: { shmWei: shm(52n), value: 5.85 }, receipt: { shmWei: shm(52n), value: 6.76 }, missingPriceDays: ['2025-11-07'] },
  unstake: {
    state: 'no-end-time',
    canUnstake: false,
    rule: 'A node that has left the network can be unstaked once its reward end time is set (the claim of its last period).',
    refusal: "No reward endTime set, can't unstake node yet",
    changes: { at: null, text: 'When the network processes the claim of its last period.' },
    wallet: NOMINATOR,
    payout: { stakeWei: shm(2400n), rewardWei: '0', feeWei: FEE, payoutWei: '2395943040285609963894' },
    // Restaked and active again since: nothing credited yet, but the open period would be lost too.
    forcedForfeitsRewardWei: '0',
  },
});

const moneyB: NodeMoneyReply = NodeMoneyReplySchema.parse({
  ...moneyA,
  publicKey: KEY_B,
  source: { state: 'unavailable', name: null, detail: 'The explorer answered 502 and no validator answered.', readAt: null },
  ledger: [],
  reconciliation: null,
  network: null,
  income: { accrual: { shmWei: '0', value: 0 }, receipt: { shmWei: '0', value: 0 }, missingPriceDays: [] },
  unstake: null,
});

/** A toast left from signing in fails contrast through the dialog's mask: closed first (the other dashboard tests do the same). */
const axeAfterToasts = async (page: Page) => {
  await closeToast(page);
  return blockingViolations(page);
};

const entryRow = (page: Page, id: string) => dashboard(page).locator(`[data-testid="portfolio-row"][data-entry-id="${id}"]`);

/** The CSV a click downloads: its name and its lines (CRLF, a header first). */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; lines: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), lines: readFileSync(await download.path(), 'utf8').split('\r\n') };
}

const HEADER = 'node,basis,date,kind,description,SHM,price (USD),value (USD),price source,tx';

describe('Earnings & Unstake, as it reads', () => {
  it('when a linked node has every kind of ledger row and another cannot be read, then both read in words, fit a phone, pass axe and export', async () => {
    const { page } = await openWithWallet(chromium, '/', Wallet.createRandom().privateKey);
    await page.route('**/api/dashboard/portfolio/*', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(portfolio) }) : route.fallback(),
    );
    const asked: string[] = [];
    await page.route('**/api/shardeum-network/nodes/*/money*', (route) => {
      const url = new URL(route.request().url());
      asked.push(`${url.pathname.split('/')[3]?.slice(0, 1)}?${url.searchParams.toString()}`);
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(url.pathname.includes(KEY_A) ? moneyA : moneyB) });
    });
    await page.getByTestId('dashboard-hint').getByRole('button', { name: 'Connect Wallet' }).click();
    await dashboard(page).waitFor();
    await tab(page, 'Portfolio').click();
    await waitForCount(dashboard(page).getByTestId('portfolio-row'), 3);
    // The sign-in toast would sit under the dialog's mask (axe measures its contrast through it).
    await closeToast(page);
    // Linked rows offer the view; a typed entry does not.
    expect(await entryRow(page, 't1').getByTestId('open-node-money').count()).toBe(0);

    await entryRow(page, 'n1').getByTestId('open-node-money').click();
    const view = dialog(page, 'Earnings & Unstake: Home validator');
    await waitForCount(view.getByTestId('ledger-row'), 7);
    expect(await view.getByTestId('ledger-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')))).toEqual([
      'stake', 'period', 'period', 'penalty', 'period', 'unstake', 'stake',
    ]);
    await waitForText(view.getByTestId('ledger-shm').nth(5), /1,967\.943040285609963894 SHM paid out/);
    await waitForText(view.getByTestId('ledger-value').nth(1), '$3.60');
    await waitForText(view.getByTestId('ledger-price').nth(4), 'no price for 2025-11-07');
    await waitForText(view.getByTestId('unstake-refusal'), "“No reward endTime set, can't unstake node yet”");
    await waitForText(view.getByTestId('unstake-forfeit'), /forced unstake now forfeits the reward: the 0 SHM credited and the last active period/);
    await waitForText(view.getByTestId('payout-total'), /2,395\.943040285609963894 SHM/);
    await waitForText(view.getByTestId('income-accrual'), /\$5\.85 · 52 SHM/);
    await waitForText(view.getByTestId('keys-notice'), 'This page never asks for your keys. Nothing here accepts a private key or seed phrase.');
    // The only field takes an address, prefilled with the connected wallet.
    expect(await view.locator('input, textarea').count()).toBe(1);
    expect(await view.locator('#unstake-wallet').inputValue()).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await page.waitForTimeout(400);
    await view.screenshot({ path: path.join(SCREENSHOTS, 'node-money-desktop.png') });
    expect(await axeAfterToasts(page)).toEqual([]);
    // The whole dialog at once, to be looked at: a screen tall enough that its content does not scroll.
    await page.setViewportSize({ width: DESKTOP.width, height: 2600 });
    await page.waitForTimeout(300);
    await view.screenshot({ path: path.join(SCREENSHOTS, 'node-money-desktop-full.png') });
    await page.setViewportSize(DESKTOP);

    // The node's CSV: the header, and the rows the ledger shows (the unstake as two).
    const one = await downloaded(page, () => view.getByTestId('money-download').click());
    expect(one.name).toMatch(/^shm-income-aaaaaaaa-usd-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(one.lines[0]).toBe(HEADER);
    expect(one.lines.slice(1, -1).map((line) => line.split(',')[1])).toEqual(['not income', 'accrual', 'accrual', 'not income', 'accrual', 'receipt', 'not income', 'not income']);
    expect(one.lines[2]).toBe(
      `${KEY_A},accrual,2025-11-02T03:00:00.000Z,period,"Active period 1: 2025-11-02T00:00:00.000Z to 2025-11-02T03:00:00.000Z, 10800 s at 10 SHM/h (rule: same rate)",30,0.12,3.60,history,0xc1a11`,
    );
    expect(one.lines[6]).toBe(`${KEY_A},receipt,2025-11-09T10:00:00.000Z,unstake,Reward paid out by the unstake,52,0.13,6.76,history,0x0u1`);

    // Another wallet re-asks with wallet=; a key pasted into the field is refused and never sent.
    const other = '0x3333333333333333333333333333333333333333';
    await view.locator('#unstake-wallet').fill(`0x${'ab'.repeat(32)}`);
    await view.getByTestId('unstake-wallet-check').click();
    await waitForText(view.locator('#unstake-wallet-error'), /looks like a private key or a seed phrase/);
    expect(await view.locator('#unstake-wallet').inputValue()).toBe('');
    await view.locator('#unstake-wallet').fill(other);
    await view.getByTestId('unstake-wallet-check').click();
    await until(async () => asked.some((ask) => ask.includes(`wallet=${other}`)), 'the re-ask with wallet=');
    expect(asked.some((ask) => ask.includes('ab'.repeat(32)))).toBe(false);

    // A phone: the dialog fills the screen, the ledger stacks as cards, nothing scrolls sideways.
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(400);
    expect(await fitsWidth(page)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const box = await view.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(MOBILE.width);
    expect(await view.locator('.p-dialog-content').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await view.screenshot({ path: path.join(SCREENSHOTS, 'node-money-mobile.png') });
    expect(await axeAfterToasts(page)).toEqual([]);
    await page.setViewportSize({ width: MOBILE.width, height: 6000 });
    await page.waitForTimeout(300);
    expect(await fitsWidth(page)).toBe(true);
    for (const part of ['unstake-diagnosis', 'ledger-table', 'reconciliation', 'income-totals']) {
      await view.getByTestId(part).screenshot({ path: path.join(SCREENSHOTS, `node-money-mobile-${part}.png`) });
    }
    await page.setViewportSize(DESKTOP);
    await view.locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();
    await view.waitFor({ state: 'detached' });

    // A node whose accounts could not be read: still listed, the failed source said in red.
    await entryRow(page, 'n2').getByTestId('open-node-money').click();
    const unread = dialog(page, 'Earnings & Unstake: Cloud box');
    await waitForText(unread.getByTestId('money-source'), /could not be read\. The explorer answered 502 and no validator answered\./);
    await page.waitForTimeout(400);
    await unread.screenshot({ path: path.join(SCREENSHOTS, 'node-money-unavailable.png') });
    expect(await axeAfterToasts(page)).toEqual([]);
    await unread.locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();
    await unread.waitFor({ state: 'detached' });

    // The whole portfolio in one file; the node that could not be read is named.
    const all = await downloaded(page, () => dashboard(page).getByTestId('export-income').click());
    expect(all.name).toMatch(/^shm-income-portfolio-usd-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(all.lines[0]).toBe(HEADER);
    expect(all.lines.slice(1, -1)).toEqual(one.lines.slice(1, -1));
    await waitForText(toast(page), /bbbbbbbb…bbbbbbbb could not be read/);
    await closeToast(page);
  });
});
