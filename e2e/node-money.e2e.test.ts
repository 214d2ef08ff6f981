/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
// A linked node's money read from the chain, end to end (issue 34): the stand-in scripts two chain
// nodes by Shardeum's rules (POST /stand-in/chain-nodes), the network service reads them as the
// explorer serves them, and the portfolio's "Earnings & Unstake" shows the ledger, the reconciliation
// and the unstake diagnosis in Chromium, with both widths, axe and the CSV checked against hand-worked
// figures. The stand-in has no price series for these days, so every value says "no price" (fiat to
// the cent is node-money-views').
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Wallet } from 'ethers';
import { parse } from 'csv-parse/sync';
import type { Locator, Page } from 'playwright-core';
import { blockingViolations } from './support/axe';
import { DESKTOP, MOBILE, SCREENSHOTS, waitForText } from './support/browser';
import { dashboard, dialog, fitsWidth, tab, useDashboardFlag, waitForCount } from './support/dashboard';
import { closeToast, openWithWallet, toast } from './support/payment-gate';

jest.setTimeout(240_000);

const { chromium } = useDashboardFlag();

/** The stand-in's base URL, from the seed archiver the network service was given (`<url>#<key>`). */
const STAND_IN = (process.env.ARCHIVER_URLS ?? '').replace(/[#,].*$/, '').replace(/\/$/, '');
const SHM = 10n ** 18n;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Thirty UTC days back: inside the price API's reach, before any price the stack has stored. */
const D = Math.floor(Date.now() / DAY) * DAY - 30 * DAY;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const s = (ms: number) => ms / 1000;

async function scriptChainNode(publicKey: string, script: unknown) {
  const res = await fetch(`${STAND_IN}/stand-in/chain-nodes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ publicKey, script }) });
  if (!res.ok) throw new Error(`chain-nodes: ${res.status} ${await res.text()}`);
}

/**
 * The file read back as a spreadsheet reads it, by a maintained RFC 4180 parser (csv-parse), numbers
 * typed as numbers: independent of the export's writer.
 */
const readCsv = (text: string): (string | number)[][] => parse(text, { cast: true });

async function addLinkedEntry(page: Page, label: string, publicKey: string) {
  await dashboard(page).getByTestId('add-entry').click();
  const add = dialog(page, 'Add Portfolio Entry');
  await add.locator('#entry-label').fill(label);
  await add.getByLabel('Node public key').fill(publicKey);
  await add.locator('#entry-actualInvestment').fill('300');
  await add.locator('#entry-entryDate').fill(day(Date.now()));
  await add.getByRole('button', { name: 'Add Entry' }).click();
  await waitForText(toast(page), /Entry Added/);
  await closeToast(page);
}

/** A toast left from signing in fails contrast through the dialog's mask: closed first (the other dashboard tests do the same). */
const axeAfterToasts = async (page: Page) => {
  await closeToast(page);
  return blockingViolations(page);
};

const openMoney = async (page: Page, label: string): Promise<Locator> => {
  await dashboard(page).getByTestId('portfolio-row').filter({ hasText: label }).getByTestId('open-node-money').click();
  return dialog(page, `Earnings & Unstake: ${label}`);
};
const closeMoney = async (view: Locator) => {
  await view.locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();
  await view.waitFor({ state: 'detached' });
};

describe('a linked node’s money, read from the chain', () => {
  it('when the stand-in has a node that ran three periods, was penalized and unstaked, and one staked with a changed period end, then the page and the CSV match the hand-worked figures', async () => {
    const wallet = Wallet.createRandom();
    const [keyA, keyB] = [randomBytes(32).toString('hex'), randomBytes(32).toString('hex')];
    const stake = { type: 'stake', at: D + 9 * HOUR, amountWei: (2400n * SHM).toString() };
    // A: 3 h, 1.5 h and 20 min at 10 SHM/h; 480 SHM taken for syncing too long; unstaked after its certificate expired.
    await scriptChainNode(keyA, {
      nominator: `0x${randomBytes(20).toString('hex')}`,
      certExp: D + 7 * DAY,
      events: [
        stake,
        { type: 'activate', at: s(D + DAY) },
        { type: 'claim', at: s(D + DAY + 3 * HOUR) },
        { type: 'activate', at: s(D + 4 * DAY + 12 * HOUR) },
        { type: 'claim', at: s(D + 4 * DAY + 13.5 * HOUR) },
        { type: 'penalty', at: D + 5 * DAY + 8 * HOUR, violation: 1001, amountWei: (480n * SHM).toString() },
        { type: 'activate', at: s(D + 6 * DAY + 6 * HOUR) },
        { type: 'claim', at: s(D + 6 * DAY + 6 * HOUR + 1_200_000) },
        { type: 'unstake', at: D + 8 * DAY + 10 * HOUR },
      ],
    });
    // B, staked by the visitor's own wallet: 2 h at 10 SHM/h claimed, its history's end then moved 10 min.
    await scriptChainNode(keyB, {
      nominator: wallet.address,
      certExp: D + 2 * DAY,
      events: [stake, { type: 'activate', at: s(D + DAY + 10 * HOUR) }, { type: 'claim', at: s(D + DAY + 12 * HOUR) }],
      tamper: { historyEndIndex: 0, deltaSeconds: 600 },
    });

    const { page } = await openWithWallet(chromium, '/', wallet.privateKey);
    await page.getByTestId('dashboard-hint').getByRole('button', { name: 'Connect Wallet' }).click();
    await dashboard(page).waitFor();
    await closeToast(page);
    await tab(page, 'Portfolio').click();
    await addLinkedEntry(page, 'Unstaked box', keyA);
    await addLinkedEntry(page, 'Tampered box', keyB);
    await waitForCount(dashboard(page).getByTestId('portfolio-row'), 2);

    const a = await openMoney(page, 'Unstaked box');
    const rows = a.getByTestId('ledger-row');
    await waitForCount(rows, 6, 30_000);
    expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-kind')))).toEqual(['stake', 'period', 'period', 'penalty', 'period', 'unstake']);
    // 10,800 s, 5,400 s and 1,200 s at 10 SHM/h: 30, 15 and 10/3 SHM (the chain divides in whole wei).
    expect(await a.getByTestId('ledger-shm').allTextContents()).toEqual([
      '2,400 SHM',
      '30 SHM',
      '15 SHM',
      '−480 SHM',
      '3.333333333333333333 SHM',
      // 1,920 + 48.333333333333333333 − 4.056959714390036106.
      '1,964.276373618943297227 SHM paid out (stake 1,920 SHM + reward 48.333333333333333333 SHM − fee 4.056959714390036106 SHM)',
    ]);
    await waitForText(rows.nth(1), /10,800 s \(3 h 0 m\)/);
    await waitForText(rows.nth(4), /1,200 s \(20 m\)/);
    expect(await a.getByTestId('ledger-check').allTextContents()).toEqual(['OK', 'OK', 'OK']);
    await waitForText(a.getByTestId('ledger-price').nth(1), `no price for ${day(D + DAY)}`);
    await waitForText(a.getByTestId('rec-ledger-total'), /48\.333333333333333333 SHM$/);
    await waitForText(a.getByTestId('rec-chain-total'), /48\.333333333333333333 SHM$/);
    expect(await a.getByTestId('reconciliation').getAttribute('data-ok')).toBe('true');
    expect(await a.getByTestId('money-problems').count()).toBe(0);
    await waitForText(a.getByTestId('unstake-refusal'), '“No one has staked to this account!”');

    const [download] = await Promise.all([page.waitForEvent('download'), a.getByTestId('money-download').click()]);
    const csv = readCsv(readFileSync(await download.path(), 'utf8'));
    expect(csv[0]).toEqual(['node', 'basis', 'date', 'kind', 'description', 'SHM', 'price (USD)', 'value (USD)', 'price source', 'tx']);
    expect(csv.every((line) => line.length === 10)).toBe(true);
    expect(csv.slice(1).map(([node, basis, , kind, , amount, , value, source]) => [node, basis, kind, amount, value, source])).toEqual([
      [keyA, 'not income', 'stake', 2400, '', ''],
      [keyA, 'accrual', 'period', 30, '', 'none'],
      [keyA, 'accrual', 'period', 15, '', 'none'],
      [keyA, 'not income', 'penalty', -480, '', 'none'],
      // A spreadsheet keeps a number's 15-17 significant digits; the exact wei stay in the file's text.
      [keyA, 'accrual', 'period', Number('3.333333333333333333'), '', 'none'],
      [keyA, 'receipt', 'unstake', Number('48.333333333333333333'), '', 'none'],
      // The stake back: 1,920 less the fee.
      [keyA, 'not income', 'unstake', Number('1915.943040285609963894'), '', 'none'],
    ]);
    expect(csv[2]?.[2]).toBe(new Date(D + DAY + 3 * HOUR).toISOString());
    await closeMoney(a);

    // B: the changed end is flagged in red; the visitor's wallet can unstake: 2,400 + 20 − the fee.
    const b = await openMoney(page, 'Tampered box');
    await waitForCount(b.getByTestId('ledger-row'), 2, 30_000);
    await waitForText(b.getByTestId('money-not-reconciled'), /does not reconcile/);
    await waitForText(b.getByTestId('money-problems'), /Period 1 ends at .* in the account's history, but its claim receipt says/);
    expect(await b.getByTestId('ledger-check').allTextContents()).toEqual(['Mismatch']);
    expect(await b.getByTestId('reconciliation').getAttribute('data-ok')).toBe('false');
    expect(await b.getByTestId('unstake-diagnosis').getAttribute('data-state')).toBe('can-unstake');
    await waitForText(b.getByTestId('payout-total'), /2,415\.943040285609963894 SHM$/);
    expect(await b.locator('#unstake-wallet').inputValue()).toBe(wallet.address);
    await page.waitForTimeout(400);
    await b.screenshot({ path: path.join(SCREENSHOTS, 'node-money-live-desktop.png') });
    await b.getByTestId('reconciliation').screenshot({ path: path.join(SCREENSHOTS, 'node-money-live-reconciliation.png') });
    expect(await axeAfterToasts(page)).toEqual([]);

    // Another wallet is refused in the chain's words.
    await b.locator('#unstake-wallet').fill(`0x${'3'.repeat(40)}`);
    await b.getByTestId('unstake-wallet-check').click();
    await waitForText(b.getByTestId('unstake-refusal'), "“This node is staked by another account. You can't unstake it!”");

    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(400);
    expect(await fitsWidth(page)).toBe(true);
    await b.screenshot({ path: path.join(SCREENSHOTS, 'node-money-live-mobile.png') });
    expect(await axeAfterToasts(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await closeMoney(b);
  });
});
