/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
import type { Page } from 'playwright-core';
import { BASE_URL, keepCalculatorDefaults, useBrowser, waitForText } from './support/browser';
import { field, newCalculatorPage, query, tileValue, untilSettled } from './support/calculator';
import { sampleNetworkAtRest } from './support/sample-network';

// The stack's stand-in answers 255 active validators (22 community), 412 standby and SHM at $0.1172
// (infra/stand-ins).
jest.setTimeout(90_000);

const chromium = useBrowser();
const newPage = () => newCalculatorPage(chromium);

/** Types into a field as a person does: select what is there, then one key at a time. */
async function typeInto(page: Page, label: string, text: string) {
  await field(page, label).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text, { delay: 60 });
}
/** Everything the results column shows, once the charts are drawn. */
/**
 * The Results region as a person reads it, less the activation outlook: that one is the network's
 * rotation as last observed (it moves with every poll), not a figure of the link's inputs.
 */
async function resultsText(page: Page) {
  await page.getByTestId('projection-chart-svg').waitFor();
  await page.getByTestId('tornado-chart-svg').waitFor();
  await page.getByTestId('projection-results').waitFor();
  await page.getByTestId('activation-outlook').waitFor();
  return page.getByRole('region', { name: 'Results' }).evaluate((region: HTMLElement) => {
    const outlook = region.querySelector<HTMLElement>('[data-testid="activation-outlook"]')?.innerText ?? '';
    return region.innerText.replace(outlook, '');
  });
}
const formValues = (page: Page) =>
  page.getByRole('complementary', { name: 'Calculator parameters' }).locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

// The live figures below are worked out for the sample network at rest.
beforeEach(() => sampleNetworkAtRest(), 240_000);

describe('calculator: shareable links', () => {
  it('when inputs change and the link is copied, then the link opened in a new page shows the identical calculation, live data notwithstanding', async () => {
    const { page } = await newPage();
    await page.goto(`${BASE_URL}/`);
    // Live data first (255 / 22 / 412, $0.1172): 10 × 720 × 22 / 434 = 364.98 SHM
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '364.98 SHM');
    await field(page, 'Standby Nodes').fill('80');
    await field(page, 'Node Cost Per Month ($)').fill('50');
    await field(page, 'SHM Price ($)').fill('0.2');
    await field(page, 'Projection Period (months)').fill('24');
    // 10 × 720 × 22 / (22 + 80) = 1,552.94 SHM; × $0.2 = $310.59
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '1,552.94 SHM');
    await waitForText(page.getByTestId('tile-monthly-shm-rewards'), /\$310\.59 per active node/);
    expect(query(page).get('standbyNodes')).toBe('80');
    expect(query(page).get('projectionMonths')).toBe('24');
    await waitForText(page.getByTestId('projection-chart-readout'), /^Month 24: /);
    const shown = await resultsText(page);
    const form = await formValues(page);

    await page.getByRole('button', { name: 'Copy link' }).click();
    await waitForText(page.getByTestId('copy-link'), 'Link copied');
    const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    // Every input written out, the live ones too, so the network moving cannot change the calculation.
    expect(link.searchParams.get('cur')).toBeNull(); // USD, the default
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      totalNodes: '255',
      activeCommunityNodes: '22',
      standbyNodes: '80',
      nodeCostPerMonth: '50',
      shmPrice: '0.2',
      projectionMonths: '24',
    });
    // The confirmation goes after 2 s (spec §9).
    await waitForText(page.getByTestId('copy-link'), 'Copy link', 5_000);

    // The live price and network values come with the page (the server's render asks for them).
    const { page: opened } = await newPage();
    await opened.goto(link.toString());
    await waitForText(tileValue(opened, 'monthly-shm-rewards'), '1,552.94 SHM');
    await waitForText(opened.getByTestId('projection-chart-readout'), /^Month 24: /);
    expect(await resultsText(opened)).toBe(shown);
    expect(await formValues(opened)).toEqual(form);
    // The live price ($0.1172) and standby count (412) arrived and changed nothing.
    expect(await field(opened, 'SHM Price ($)').inputValue()).toBe('0.2');
    expect(await field(opened, 'Standby Nodes').inputValue()).toBe('80');
  });

  it('when a person types and moves on, then each settled edit is one history entry, and Back and Forward walk through them', async () => {
    const { page } = await newPage();
    await page.goto(`${BASE_URL}/`);
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '364.98 SHM');
    const start = await page.evaluate(() => history.length);

    await typeInto(page, 'Standby Nodes', '150');
    await page.keyboard.press('Tab');
    // 10 × 720 × 22 / 172 = 920.93 SHM
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '920.93 SHM');
    expect(await page.evaluate(() => history.length)).toBe(start + 1);
    await typeInto(page, 'Reward Per Hour (SHM)', '12.5');
    await untilSettled(); // a pause settles too
    // 12.5 × 720 × 22 / 172 = 1,151.16 SHM
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '1,151.16 SHM');
    expect(await page.evaluate(() => history.length)).toBe(start + 2);
    expect([query(page).get('standbyNodes'), query(page).get('rewardPerHour')]).toEqual(['150', '12.5']);

    await page.goBack();
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '920.93 SHM');
    expect(await field(page, 'Reward Per Hour (SHM)').inputValue()).toBe('10');
    await page.goBack();
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '364.98 SHM');
    expect(await field(page, 'Standby Nodes').inputValue()).toBe('412');
    // The first entry holds the whole calculation as it was then (the page writes it in without an entry).
    expect([query(page).get('standbyNodes'), query(page).get('rewardPerHour')]).toEqual(['412', '10']);
    await page.goForward();
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '920.93 SHM');
    expect(await field(page, 'Standby Nodes').inputValue()).toBe('150');
  });

  it('when a link carries values the form refuses, then each of them is ignored, the rest applies and nothing breaks', async () => {
    const { page } = await newPage();
    await keepCalculatorDefaults(page);
    await page.goto(`${BASE_URL}/?standbyNodes=-5&totalNodes=abc&activeCommunityNodes=2.5&rewardPerHour=20&projectionMonths=0&cur=xyz`);
    // Spec defaults except the reward: 20 × 720 × 20 / 220 = 1,309.09 SHM
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '1,309.09 SHM');
    expect(await field(page, 'Standby Nodes').inputValue()).toBe('200');
    expect(await field(page, 'Total Nodes').inputValue()).toBe('256');
    expect(await field(page, 'Active Community Nodes').inputValue()).toBe('20');
    expect(await field(page, 'Projection Period (months)').inputValue()).toBe('12');
    expect(await page.getByTestId('currency-select').inputValue()).toBe('usd');
    await waitForText(page.getByTestId('tile-monthly-shm-rewards'), /\$\d/);
    // The address now holds the calculation shown: the refused values gave way to the defaults.
    expect(Object.fromEntries(query(page))).toMatchObject({ standbyNodes: '200', totalNodes: '256', activeCommunityNodes: '20', rewardPerHour: '20', projectionMonths: '12' });
  });
});
