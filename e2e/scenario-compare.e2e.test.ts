/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
import path from 'node:path';
import { Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import { blockingViolations } from './support/axe';
import { DESKTOP, MOBILE, SCREENSHOTS, screenshot, waitForText } from './support/browser';
import { dashboard, dialog, fitsWidth, tab, useDashboardFlag, waitForCount } from './support/dashboard';
import { closeToast, openWithWallet, toast } from './support/payment-gate';

jest.setTimeout(180_000);

const { chromium } = useDashboardFlag();

const monthlyTile = (page: Page) => page.getByTestId('tile-monthly-shm-rewards-value');

/** Saves the calculator's current state under `name` from the Overview's quick action. */
async function saveScenario(page: Page, name: string) {
  await tab(page, 'Overview').click();
  await closeToast(page);
  await page.getByTestId('quick-save-scenario').click();
  const save = dialog(page, 'Save Scenario');
  await save.locator('#scenario-name').fill(name);
  await save.getByRole('button', { name: 'Save Scenario' }).click();
  await waitForText(toast(page), new RegExp(`Scenario Saved\\s*"${name}"`));
  await save.waitFor({ state: 'detached' });
}

const compareBox = (page: Page, name: string) => dashboard(page).getByRole('checkbox', { name: `Compare "${name}"` });
const compareDialog = (page: Page) => dialog(page, 'Compare Scenarios');
const row = (page: Page, id: string) => compareDialog(page).locator(`[data-testid="compare-row"][data-row="${id}"]`);
const values = (page: Page, id: string) => row(page, id).getByTestId('compare-value').allTextContents();

/** The row's marker: its data attribute and the visible "Differs" word agree. */
async function differs(page: Page, id: string): Promise<boolean> {
  const attribute = (await row(page, id).getAttribute('data-differs')) === 'true';
  const marked = (await row(page, id).getByTestId('compare-differs').count()) === 1;
  expect(marked).toBe(attribute);
  if (marked) expect(await row(page, id).getByTestId('compare-differs').isVisible()).toBe(true);
  return attribute;
}

/** At 390 px: the page does not scroll sideways, and neither does the table inside the dialog. */
async function checkPhone(page: Page, file: string) {
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(300);
  expect(await fitsWidth(page)).toBe(true);
  const table = await compareDialog(page).getByTestId('compare-table').evaluate((el) => ({
    scroll: el.scrollWidth,
    box: el.getBoundingClientRect(),
    parent: (el.closest('.p-dialog-content') as HTMLElement).clientWidth,
  }));
  expect(table.scroll).toBeLessThanOrEqual(table.parent);
  expect(table.box.left).toBeGreaterThanOrEqual(0);
  expect(table.box.right).toBeLessThanOrEqual(MOBILE.width);
  await screenshot(page, file, false);
  await page.setViewportSize(DESKTOP);
}

describe('scenarios side by side', () => {
  it('when 2 and then 3 saved scenarios are compared, then one column each and the differing rows marked, on desktop and phone', async () => {
    const { page } = await openWithWallet(chromium, '/', Wallet.createRandom().privateKey);
    // Spec defaults: 10 SHM/h × 720 h × 20 / (20 + 200) = 654.55 SHM a month.
    await waitForText(monthlyTile(page), '654.55 SHM');
    await page.getByTestId('dashboard-hint').getByRole('button', { name: 'Connect Wallet' }).click();
    await dashboard(page).waitFor();
    await dashboard(page).getByText('No profile yet.', { exact: false }).waitFor();

    await saveScenario(page, 'Baseline');
    // Twice the reward: 20 × 720 × 20 / 220 = 1,309.09 SHM.
    await page.getByLabel('Reward Per Hour (SHM)', { exact: true }).fill('20');
    await waitForText(monthlyTile(page), '1,309.09 SHM');
    await saveScenario(page, 'Double reward');
    // Back to 10 SHM/h with 420 in standby: 10 × 720 × 20 / 440 = 327.27 SHM.
    await page.getByLabel('Reward Per Hour (SHM)', { exact: true }).fill('10');
    await page.getByLabel('Standby Nodes', { exact: true }).fill('420');
    await waitForText(monthlyTile(page), '327.27 SHM');
    await saveScenario(page, 'Crowded standby');

    await tab(page, 'Scenarios').click();
    await waitForCount(dashboard(page).getByTestId('scenario-row'), 3);
    const compare = dashboard(page).getByRole('button', { name: 'Compare', exact: true });
    expect(await compare.isDisabled()).toBe(true);
    await waitForText(dashboard(page).getByTestId('compare-selection'), 'Tick 2 or 3 scenarios to compare them side by side.');

    // Two: Baseline, then Double reward (the picking order is the columns' order).
    await compareBox(page, 'Baseline').click();
    await waitForText(dashboard(page).getByTestId('compare-selection'), '1 of 3 selected: tick at least 2.');
    expect(await compare.isDisabled()).toBe(true);
    await compareBox(page, 'Double reward').click();
    await waitForText(dashboard(page).getByTestId('compare-selection'), '2 of 3 selected.');
    await closeToast(page);
    await page.waitForTimeout(400); // the toast's closing animation
    await dashboard(page).screenshot({ path: path.join(SCREENSHOTS, 'scenario-compare-selection.png') });
    await compare.click();
    await compareDialog(page).getByTestId('compare-table').waitFor();
    expect(await compareDialog(page).locator('[data-testid="compare-column"] .compare-table__name').allTextContents()).toEqual(['Baseline', 'Double reward']);
    expect(await values(page, 'rewardPerHour')).toEqual(['10 SHM', '20 SHM']);
    expect(await differs(page, 'rewardPerHour')).toBe(true);
    expect(await values(page, 'monthly-shm')).toEqual(['654.55 SHM', '1,309.09 SHM']);
    expect(await differs(page, 'monthly-shm')).toBe(true);
    // Same network in both: 200 in standby, 20 / 220 = 9.09 % expected active time.
    expect(await values(page, 'standbyNodes')).toEqual(['200', '200']);
    expect(await differs(page, 'standbyNodes')).toBe(false);
    expect(await values(page, 'active-time')).toEqual(['9.09%', '9.09%']);
    expect(await differs(page, 'active-time')).toBe(false);
    expect(await differs(page, 'totalNodes')).toBe(false);
    await page.waitForTimeout(400); // the dialog's opening animation
    await screenshot(page, 'scenario-compare-2-desktop.png', false);
    expect(await blockingViolations(page)).toEqual([]);
    await checkPhone(page, 'scenario-compare-2-mobile.png');
    await compareDialog(page).getByRole('button', { name: 'Close' }).click();
    await compareDialog(page).waitFor({ state: 'detached' });

    // Three: the third differs from the other two in standby nodes and what follows from them.
    await compareBox(page, 'Crowded standby').click();
    await waitForText(dashboard(page).getByTestId('compare-selection'), '3 of 3 selected.');
    await compare.click();
    await compareDialog(page).getByTestId('compare-table').waitFor();
    expect(await compareDialog(page).getByTestId('compare-column').count()).toBe(3);
    expect(await compareDialog(page).locator('[data-testid="compare-column"] .compare-table__name').allTextContents()).toEqual([
      'Baseline',
      'Double reward',
      'Crowded standby',
    ]);
    expect(await values(page, 'standbyNodes')).toEqual(['200', '200', '420']);
    expect(await differs(page, 'standbyNodes')).toBe(true);
    expect(await values(page, 'monthly-shm')).toEqual(['654.55 SHM', '1,309.09 SHM', '327.27 SHM']);
    // 20 / 440 = 4.55 %.
    expect(await values(page, 'active-time')).toEqual(['9.09%', '9.09%', '4.55%']);
    expect(await differs(page, 'active-time')).toBe(true);
    expect(await values(page, 'totalNodes')).toEqual(['256', '256', '256']);
    expect(await differs(page, 'totalNodes')).toBe(false);
    await page.waitForTimeout(400);
    await screenshot(page, 'scenario-compare-3-desktop.png', false);
    expect(await blockingViolations(page)).toEqual([]);
    await checkPhone(page, 'scenario-compare-3-mobile.png');

    // Only the rows that differ: as many as are marked, and none of the same ones.
    const marked = await compareDialog(page).locator('[data-testid="compare-row"][data-differs="true"]').count();
    await compareDialog(page).getByRole('checkbox', { name: 'Only rows that differ' }).click();
    await waitForCount(compareDialog(page).getByTestId('compare-row'), marked);
    expect(await row(page, 'totalNodes').count()).toBe(0);
    await compareDialog(page).getByRole('button', { name: 'Close' }).click();
    await compareDialog(page).waitFor({ state: 'detached' });

    // Still four tabs (spec §2.6); the alerts sit in the Portfolio tab, and nothing in them fails axe.
    expect((await dashboard(page).getByRole('tab').allTextContents()).map((name) => name.trim())).toEqual(['Overview', 'Profiles', 'Portfolio', 'Scenarios']);
    await tab(page, 'Portfolio').click();
    await dashboard(page).getByTestId('alerts-tab').waitFor();
    await closeToast(page);
    expect(await blockingViolations(page)).toEqual([]);
  });
});
