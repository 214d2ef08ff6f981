/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
import path from 'node:path';
import { Wallet } from 'ethers';
import { dashboardContract, pathOf, PortfolioReplySchema } from '@shm/contracts';
import { boxOf, DESKTOP, MOBILE, SCREENSHOTS, screenshot, waitForText } from './support/browser';
import { dashboard, dialog, fetchInPage, fitsWidth, profileRow, tab, useDashboardFlag, waitForCount } from './support/dashboard';
import { closeToast, openWithWallet, toast } from './support/payment-gate';

jest.setTimeout(180_000);

const { chromium } = useDashboardFlag();

const shortened = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('personalised dashboard', () => {
  it('when a wallet connects from the hint, then profiles, scenarios and portfolio work end to end', async () => {
    // A wallet with no history: signing in needs no funds.
    const { page, injected } = await openWithWallet(chromium, '/', Wallet.createRandom().privateKey);
    const tile = page.getByTestId('tile-monthly-shm-rewards-value');
    await waitForText(tile, '654.55 SHM');

    // Spec §2.1: with the flag on and no wallet, the hint offers Connect Wallet; no dashboard yet.
    const hint = page.getByTestId('dashboard-hint');
    await hint.waitFor();
    expect(await dashboard(page).count()).toBe(0);
    expect(await page.getByTestId('header-wallet').count()).toBe(0);
    await screenshot(page, 'dashboard-hint.png');
    await page.setViewportSize(MOBILE);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'dashboard-hint-mobile.png', false);
    await page.setViewportSize(DESKTOP);
    await hint.getByRole('button', { name: 'Connect Wallet' }).click();
    await waitForText(toast(page), new RegExp(`Wallet Connected\\s*${escape(shortened(injected.address))}`));
    expect(injected.calls.map((c) => c.method)).toEqual(expect.arrayContaining(['eth_requestAccounts', 'personal_sign']));

    // Connected, unpaid, gate off: the header shows the wallet with Disconnect, the hint goes, the dashboard shows.
    const header = page.getByTestId('header-wallet');
    await waitForText(header, new RegExp(escape(shortened(injected.address))));
    expect(await header.getByRole('button', { name: 'Disconnect' }).isVisible()).toBe(true);
    expect(await hint.count()).toBe(0);
    await dashboard(page).waitFor();
    for (const name of ['Overview', 'Profiles', 'Portfolio', 'Scenarios'] as const) expect(await tab(page, name).isVisible()).toBe(true);
    // Spec §2.1 order: projections card, then the dashboard, then the detailed table.
    const order = await page.evaluate(() => {
      const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().top ?? Number.NaN;
      return [top('#tabpanel-projection'), top('[data-testid="dashboard"]'), top('[data-testid="economics-table"]')];
    });
    expect(order.every((top) => Number.isFinite(top))).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    // Overview: the current analysis repeats the results on screen.
    await dashboard(page).getByText('No profile yet.', { exact: false }).waitFor();
    expect(await page.getByTestId('analysis-gross-apy-value').textContent()).toBe(await page.getByTestId('tile-gross-apy-value').textContent());
    expect(await page.getByTestId('analysis-net-apy-value').textContent()).toBe(await page.getByTestId('tile-net-apy-value').textContent());
    await waitForText(page.getByTestId('analysis-monthly-usd-value'), '$82.80');
    await waitForText(page.getByTestId('analysis-break-even-value'), /^[\d.,]+ months$/);
    await closeToast(page);
    await dashboard(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-overview.png');

    // Create Profile: prefilled from the calculator; an empty name comes back from the server beside its input.
    await dashboard(page).getByRole('button', { name: 'Create Profile' }).click();
    const create = dialog(page, 'Create Profile');
    await create.waitFor();
    expect(await create.locator('#profile-investmentAmount').inputValue()).toBe('10000');
    expect(await create.locator('#profile-targetTimeframe').inputValue()).toBe('12');
    expect(await create.locator('#profile-targetEarnings').inputValue()).toBe('100000');
    expect(await create.locator('#profile-preferredShmPrice').inputValue()).toBe('1');
    expect(await create.locator('#profile-preferredShmPrice').getAttribute('step')).toBe('0.00000001');
    expect(await create.locator('#profile-customNodeCost').inputValue()).toBe('35');
    await waitForText(create.locator('.p-dropdown-label'), 'Moderate');
    await create.getByRole('button', { name: 'Create Profile' }).click();
    await waitForText(toast(page), /Creation Failed/);
    await waitForText(create.getByTestId('profile-profileName-error'), /Must be 1–80 characters/);
    await closeToast(page);
    await screenshot(page, 'dashboard-create-profile-error.png');
    await create.locator('#profile-profileName').fill('Steady start');
    await create.locator('#profile-notes').fill('Hosted on a small VPS');
    await create.getByRole('button', { name: 'Create Profile' }).click();
    await waitForText(toast(page), /Profile Created\s*"Steady start" was saved as your default profile\./);
    await create.waitFor({ state: 'detached' });
    // The first profile is the default and the active one.
    await waitForText(page.getByTestId('active-profile-name'), 'Steady start');
    expect(await page.getByTestId('active-profile').getByTestId('default-badge').isVisible()).toBe(true);

    await tab(page, 'Profiles').click();
    await waitForCount(dashboard(page).getByTestId('profile-row'), 1);
    expect(await profileRow(page, 'Steady start').getByTestId('default-badge').isVisible()).toBe(true);

    // A second profile, then made the default.
    await closeToast(page);
    await dashboard(page).getByRole('button', { name: 'Create Profile' }).click();
    await create.waitFor();
    await create.locator('#profile-profileName').fill('Bull case');
    await create.locator('#profile-preferredShmPrice').fill('0.00000001');
    await create.locator('#profile-targetTimeframe').fill('24');
    await create.getByRole('button', { name: 'Create Profile' }).click();
    await waitForText(toast(page), /Profile Created\s*"Bull case" was saved\./);
    await waitForCount(dashboard(page).getByTestId('profile-row'), 2);
    // Newest first; the badge stays on the first profile.
    expect(await dashboard(page).getByTestId('profile-name').allTextContents()).toEqual(['Bull case', 'Steady start']);
    expect(await profileRow(page, 'Bull case').getByTestId('default-badge').count()).toBe(0);
    await waitForText(profileRow(page, 'Bull case').locator('.dashboard-facts'), /24 months[\s\S]*\$0\.00000001/);

    await closeToast(page);
    await profileRow(page, 'Bull case').getByRole('button', { name: 'Make Default' }).click();
    await waitForText(toast(page), /Profile Updated\s*"Bull case" is now your default profile\./);
    await profileRow(page, 'Bull case').getByTestId('default-badge').waitFor();
    await waitForCount(profileRow(page, 'Steady start').getByTestId('default-badge'), 0);
    await screenshot(page, 'dashboard-profiles.png');

    // Deleting the default warns that another becomes the default; cancelled here.
    await closeToast(page);
    await profileRow(page, 'Bull case').getByRole('button', { name: 'Delete' }).click();
    const confirm = dialog(page, 'Delete Profile');
    await waitForText(confirm.getByTestId('confirm-delete-note'), /another profile will become the default|other profile will become the default/);
    await screenshot(page, 'dashboard-delete-default.png');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    // Delete the first profile: the confirmation shows (without the note), then it is gone.
    await profileRow(page, 'Steady start').getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor();
    expect(await confirm.getByText('Delete the profile "Steady start"?', { exact: false }).isVisible()).toBe(true);
    expect(await confirm.getByTestId('confirm-delete-note').count()).toBe(0);
    await confirm.getByTestId('confirm-delete').click();
    await waitForText(toast(page), /Profile Deleted\s*"Steady start" was deleted\./);
    await waitForCount(dashboard(page).getByTestId('profile-row'), 1);

    // Copy: "<name> (Copy)", not the default.
    await closeToast(page);
    await profileRow(page, 'Bull case').getByRole('button', { name: 'Copy' }).click();
    await waitForText(toast(page), /Profile Created\s*"Bull case \(Copy\)" was saved\./);
    await waitForCount(dashboard(page).getByTestId('profile-row'), 2);
    expect(await profileRow(page, 'Bull case (Copy)').getByTestId('default-badge').count()).toBe(0);

    // Save Scenario from the Overview, linked to the active (default) profile.
    await tab(page, 'Overview').click();
    await waitForText(page.getByTestId('active-profile-name'), 'Bull case');
    const saved = { monthly: await tile.textContent(), netApy: await page.getByTestId('tile-net-apy-value').textContent() };
    if (saved.monthly === null || saved.netApy === null) throw new Error('the result tiles show no text');
    const { monthly, netApy } = saved;
    await closeToast(page);
    await page.getByTestId('quick-save-scenario').click();
    const save = dialog(page, 'Save Scenario');
    await save.waitFor();
    await save.locator('#scenario-name').fill('Defaults today');
    await save.getByRole('button', { name: 'Save Scenario' }).click();
    await waitForText(toast(page), /Scenario Saved\s*"Defaults today"/);
    await save.waitFor({ state: 'detached' });

    // Change the calculator, then load the scenario back: the same results show again.
    await page.getByLabel('Reward Per Hour (SHM)', { exact: true }).fill('20');
    await waitForText(tile, '1,309.09 SHM');
    await tab(page, 'Scenarios').click();
    const row = dashboard(page).getByTestId('scenario-row');
    await waitForCount(row, 1);
    await waitForText(row.getByTestId('scenario-name'), 'Defaults today');
    await waitForText(row, /Bull case/);
    await row.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByTestId('scenario-details-dialog');
    await waitForText(details.getByTestId('scenario-result-monthly-shm'), new RegExp(escape(monthly)));
    await waitForText(details.getByTestId('scenario-result-net-apy'), new RegExp(escape(netApy)));
    await waitForText(details.getByTestId('scenario-param-rewardPerHour'), /10 SHM/);
    await closeToast(page);
    await screenshot(page, 'dashboard-scenario-details.png');
    await dialog(page, 'Defaults today').getByTestId('load-scenario').click();
    await details.waitFor({ state: 'detached' });
    await waitForText(tile, monthly);
    await waitForText(page.getByTestId('tile-net-apy-value'), netApy);
    expect(await page.getByLabel('Reward Per Hour (SHM)', { exact: true }).inputValue()).toBe('10');

    // Rename it from its details.
    await row.getByRole('button', { name: 'View Details' }).click();
    await dialog(page, 'Defaults today').getByRole('button', { name: 'Rename' }).click();
    await page.locator('#rename-scenario').fill('Baseline');
    await page.getByTestId('rename-form').getByRole('button', { name: 'Save Name' }).click();
    await waitForText(toast(page), /Scenario Renamed/);
    await dialog(page, 'Baseline').waitFor();
    await dialog(page, 'Baseline').getByRole('button', { name: 'Close' }).click();
    await waitForText(row.getByTestId('scenario-name'), 'Baseline');

    // Portfolio: an entry 45 days old; its ratio is what the server computed, shown as a whole percent.
    await tab(page, 'Portfolio').click();
    await dashboard(page).getByText('No entries yet.', { exact: false }).waitFor();
    await closeToast(page);
    await page.getByTestId('add-entry').click();
    const add = dialog(page, 'Add Portfolio Entry');
    await add.waitFor();
    await add.locator('#entry-label').fill('First two');
    await add.locator('#entry-nodeCount').fill('2');
    await add.locator('#entry-actualInvestment').fill('700');
    await add.locator('#entry-actualRewards').fill('1500');
    await add.locator('#entry-entryDate').fill(new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10));
    await add.getByRole('button', { name: 'Add Entry' }).click();
    await waitForText(toast(page), /Entry Added\s*"First two" is now in your portfolio\./);
    const entry = dashboard(page).getByTestId('portfolio-row');
    await waitForCount(entry, 1);
    const reply = PortfolioReplySchema.parse(await fetchInPage(page, pathOf(dashboardContract.portfolio, { address: injected.address })));
    const ratio = reply.entries[0]?.performance.ratio;
    if (ratio === undefined || ratio === null) throw new Error('the portfolio entry has no performance ratio');
    expect(ratio).toBeGreaterThan(0);
    await waitForText(entry.getByTestId('portfolio-ratio-text'), `${Math.floor(ratio * 100).toLocaleString('en-US')}% of expected`);
    expect(await entry.getByTestId('portfolio-ratio').getAttribute('data-status')).toBe(ratio >= 0.9 ? 'on-track' : 'below');
    await waitForText(page.getByTestId('portfolio-basis'), reply.basis.source === 'live' ? /live network parameters/ : /calculator defaults/);
    await closeToast(page);
    await screenshot(page, 'dashboard-portfolio.png');

    // Phone width: every tab and a dialog fit the screen.
    await page.setViewportSize(MOBILE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'dashboard-header-mobile.png', false);
    for (const name of ['Overview', 'Profiles', 'Portfolio', 'Scenarios'] as const) {
      await tab(page, name).click();
      await page.waitForTimeout(300);
      expect(await fitsWidth(page)).toBe(true);
      const box = await boxOf(tab(page, name));
      expect(box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
      await closeToast(page);
      await dashboard(page).screenshot({ path: path.join(SCREENSHOTS, `dashboard-${name.toLowerCase()}-mobile.png`) });
    }
    await tab(page, 'Portfolio').click();
    await entry.getByRole('button', { name: 'Edit' }).click();
    await dialog(page, 'Edit Portfolio Entry').waitFor();
    await page.waitForTimeout(400); // the dialog's opening animation
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'dashboard-edit-entry-mobile.png', false);
    await dialog(page, 'Edit Portfolio Entry').locator('#entry-actualRewards').fill('2000');
    await dialog(page, 'Edit Portfolio Entry').getByRole('button', { name: 'Save Changes' }).click();
    await waitForText(toast(page), /Entry Updated/);
    await page.setViewportSize(DESKTOP);

    // Delete the entry (confirmed), then Disconnect: the dashboard goes and the hint is back.
    await tab(page, 'Portfolio').click();
    await closeToast(page);
    await entry.getByRole('button', { name: 'Delete' }).click();
    await dialog(page, 'Delete Portfolio Entry').getByTestId('confirm-delete').click();
    await waitForText(toast(page), /Entry Deleted/);
    await waitForCount(entry, 0);
    await closeToast(page);
    await header.getByRole('button', { name: 'Disconnect' }).click();
    await waitForText(toast(page), /Disconnected/);
    await hint.waitFor();
    await waitForCount(dashboard(page), 0);
  });
});
