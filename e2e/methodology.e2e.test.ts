/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { BASE_URL, boxOf, DESKTOP, MOBILE, keepCalculatorDefaults, screenshot, useBrowser, waitForText } from './support/browser';

// /methodology renders docs/methodology.md with the calculation of its address substituted into every formula.
jest.setTimeout(60_000);

const chromium = useBrowser();
const DOC = readFileSync(path.resolve(__dirname, '../docs/methodology.md'), 'utf8');

async function newPage(viewport = DESKTOP): Promise<Page> {
  const context = await chromium.newContext({ viewport, isMobile: viewport === MOBILE, hasTouch: viewport === MOBILE });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

const values = (page: Page, result: string) => page.getByTestId(`formula-values-${result}`);
/** The line under a formula, with the narrow spaces that group thousands read as plain spaces. */
const line = async (page: Page, result: string) => ((await values(page, result).textContent()) ?? '').replace(/\u202f/g, ' ');

describe('methodology page', () => {
  it('when opened with inputs in the address, then each formula shows them and the result worked out by hand', async () => {
    const page = await newPage();
    // standby 300 → share 20 / 320 = 0.0625; 10 SHM/h × 720 h × 0.0625 = 450 SHM; at $0.25: $112.50 a month;
    // − $40 cost = $72.50; stake 2400 × 0.25 = $600; net APY 72.5 × 12 / 600 = 145 %; gross 112.5 × 12 / 600 = 225 %.
    await page.goto(`${BASE_URL}/methodology?standbyNodes=300&shmPrice=0.25&nodeCostPerMonth=40`);
    await waitForText(page.getByTestId('methodology-status'), /Figures from the calculation you came from\./);
    await waitForText(values(page, 'netAPY'), /= 145(\.00)? %$/);
    expect(await line(page, 'expectedActiveTime')).toBe('0.0625 × 100 = 6.25 %');
    expect(await line(page, 'monthlySHM')).toBe('7 200 × 0.0625 = 450 SHM');
    expect(await line(page, 'monthlyUSD')).toBe('450 × 0.25 = 112.50 USD');
    expect(await line(page, 'monthlyProfit')).toBe('112.50 − 40 = 72.50 USD');
    expect(await line(page, 'stakeValue')).toBe('2 400 × 0.25 = 600 USD');
    expect(await line(page, 'grossAPY')).toMatch(/^112\.50 × 12 \/ 600 × 100 = 225(\.00)? %$/);
    expect(await line(page, 'netAPY')).toMatch(/^72\.50 × 12 \/ 600 × 100 = 145(\.00)? %$/);
    // 7200 × 12 × 256 = 22,118,400 SHM a year, 8.88 % of 249 M.
    expect(await line(page, 'inflationTotal')).toBe('22 118 400 / 249 000 000 × 100 = 8.88 %');
    const shown = await page.locator('.methodology__values').allTextContents();
    expect(shown.length).toBeGreaterThan(20);
    expect(shown.filter((text) => /NaN|Infinity|undefined/.test(text))).toEqual([]);
  });

  it("when a tile's link is followed, then the page opens at that formula with the tile's figure, and Calculator leads back", async () => {
    const page = await newPage();
    await keepCalculatorDefaults(page);
    await page.goto(`${BASE_URL}/`);
    const tile = await waitForText(page.getByTestId('tile-net-apy-value'), /%$/);
    const link = page.getByRole('link', { name: 'How Net APY is calculated' });
    const search = await page.evaluate(() => window.location.search);
    expect(await link.getAttribute('href')).toBe(`/methodology${search}#netAPY`);

    await link.click();
    await page.waitForURL(/\/methodology(\?.*)?#netAPY$/);
    // The tile shows 188.93%; the formula line ends with the same figure.
    await waitForText(values(page, 'netAPY'), new RegExp(`= ${tile.trim().replace('%', '').replace('.', '\\.')} %$`));
    const row = page.locator('tr#netAPY');
    expect(await row.getAttribute('class')).toContain('methodology__row--target');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('netAPY');
    const box = await boxOf(row);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
    await screenshot(page, 'methodology-net-apy-desktop.png', false);

    await page.getByRole('link', { name: 'Calculator' }).click();
    await page.getByTestId('tile-net-apy-value').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it("when the page is shown, then its headings and formulas are the doc's own text", async () => {
    const page = await newPage();
    await page.goto(`${BASE_URL}/methodology`);
    await page.getByTestId('methodology-document').waitFor();
    const headings = await page.locator('[data-testid="methodology-document"] :is(h2, h3)').allTextContents();
    // The doc's ## and ### headings, read straight from the file (backticks dropped, as the page shows code without them).
    const fromDoc = [...DOC.matchAll(/^#{2,3}\s+(.+)$/gm)].map((m) => (m[1] as string).replace(/`/g, '').trim());
    expect(headings).toEqual(fromDoc);
    const formulas = await page.locator('td.methodology__formula > code:not(.methodology__values)').allTextContents();
    for (const formula of ['monthlyUSD × 12 / stakeValue × 100', 'monthlyProfit × 12 / stakeValue × 100', 'rewardPerMonth × share']) {
      expect(formulas).toContain(formula);
      expect(DOC).toContain(`\`${formula}\``);
    }
  });

  it('when opened on a phone, then nothing scrolls sideways and a screenshot is saved', async () => {
    const page = await newPage(MOBILE);
    await page.goto(`${BASE_URL}/methodology#grossAPY`);
    await waitForText(values(page, 'grossAPY'), /= [\d.]+ %$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'methodology-mobile.png', false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'methodology-mobile-full.png');
    const desktop = await newPage();
    await desktop.goto(`${BASE_URL}/methodology`);
    await waitForText(values(desktop, 'netAPY'), /= [\d.]+ %$/);
    await screenshot(desktop, 'methodology-desktop-full.png');
  });
});
