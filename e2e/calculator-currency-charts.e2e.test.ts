/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
import { readFileSync } from 'node:fs';
import type { ProjectionResults } from '@shm/contracts';
import { DEFAULT_STAND_IN_PRICE } from '../infra/stand-ins/archiver-and-price';
import { BASE_URL, DESKTOP, keepCalculatorDefaults, MOBILE, renderInBrowser, screenshot, useBrowser, waitForText } from './support/browser';
import { field, newCalculatorPage, query, tileValue, untilSettled } from './support/calculator';
import { sampleNetworkAtRest } from './support/sample-network';

// The stack's stand-in answers 255 active validators (22 community), 412 standby and SHM at $0.1172,
// 0.86 EUR / 0.76 GBP / 88.5 INR per USD (infra/stand-ins).
jest.setTimeout(90_000);

const chromium = useBrowser();
const newPage = (options?: Parameters<typeof newCalculatorPage>[1]) => newCalculatorPage(chromium, options);

/** Units of `currency` per USD at the stand-in's prices. */
const rateOf = (currency: string) => {
  const rate = DEFAULT_STAND_IN_PRICE.perUsd[currency];
  if (rate === undefined) throw new Error(`the stand-in has no ${currency} price`);
  return rate;
};

// The live figures below are worked out for the sample network at rest.
beforeEach(() => sampleNetworkAtRest(), 240_000);

describe('calculator: display currency', () => {
  const { usd } = DEFAULT_STAND_IN_PRICE;
  const format = (value: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);
  // One node's monthly value at the live figures: 10 SHM/h × 720 h × 22 / 434 × $0.1172
  const monthlyUsd = ((10 * 720 * 22) / 434) * usd;

  it('when another currency is chosen, then money shows converted at the feed’s prices, the address keeps it and SHM is shown at the calculation’s price', async () => {
    // Rendered in the browser, so the projection replies it reads are the ones this test sees.
    const { page } = await newPage();
    await renderInBrowser(page);
    const projections: ProjectionResults[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('/api/calculations/projections') && response.ok()) projections.push(((await response.json()) as { results: ProjectionResults }).results);
    });
    await page.goto(`${BASE_URL}/`);
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '364.98 SHM');
    const subtitle = page.getByTestId('tile-monthly-shm-rewards');
    await waitForText(subtitle, new RegExp(`\\${format(monthlyUsd, 'USD')} per active node`));

    await page.getByTestId('currency-select').selectOption('eur');
    // $42.78 × 0.86 = €36.79
    await waitForText(subtitle, new RegExp(`${format(monthlyUsd * rateOf('eur'), 'EUR')} per active node`));
    expect(query(page).get('cur')).toBe('eur');
    // The projection's reply is read asynchronously and can land after the tiles: compare with the newest one.
    await waitForText(page.getByTestId('projection-monthly-earnings-value'), () => {
      const projection = projections.at(-1);
      return projection ? format(projection.totalMonthlyEarnings * rateOf('eur'), 'EUR') : null;
    });
    expect(await field(page, 'Node Cost Per Month ($)').inputValue()).toBe('35'); // inputs stay in USD

    await page.getByTestId('currency-select').selectOption('inr');
    await waitForText(subtitle, new RegExp(`${format(monthlyUsd * rateOf('inr'), 'INR')} per active node`));
    await page.getByTestId('currency-select').selectOption('gbp');
    await waitForText(subtitle, new RegExp(`${format(monthlyUsd * rateOf('gbp'), 'GBP')} per active node`));
    // In SHM the value of a month's SHM is that SHM again.
    await page.getByTestId('currency-select').selectOption('shm');
    await waitForText(subtitle, /364\.98 SHM per active node/);

    await page.reload();
    await waitForText(subtitle, /364\.98 SHM per active node/);
    expect(await page.getByTestId('currency-select').inputValue()).toBe('shm');
    await page.goBack();
    await waitForText(subtitle, new RegExp(`${format(monthlyUsd * rateOf('gbp'), 'GBP')} per active node`));
  });

  it('when the price feed has no prices, then a chosen currency falls back to USD and says so', async () => {
    const { page } = await newPage();
    await keepCalculatorDefaults(page);
    await page.goto(`${BASE_URL}/?cur=eur`);
    await waitForText(page.getByTestId('tile-monthly-shm-rewards'), /\$82\.80 per active node/);
    await waitForText(page.getByTestId('currency-note'), /No EUR price .* amounts are in USD/);
  });
});

describe('calculator: CSV export and charts', () => {
  it('when Download CSV is clicked, then each row matches the API’s projection in the shown currency', async () => {
    // Rendered in the browser, so the replies it reads are the ones this test sees.
    const { page } = await newPage();
    await renderInBrowser(page);
    const replies: { months: number; results: ProjectionResults }[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('/api/calculations/projections') || !response.ok()) return;
      const months = (response.request().postDataJSON() as { params: { projectionMonths: number } }).params.projectionMonths;
      replies.push({ months, results: ((await response.json()) as { results: ProjectionResults }).results });
    });
    const live = Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/shm-price')),
      page.waitForResponse((r) => r.url().endsWith('/api/calculations/live-defaults')),
    ]);
    await page.goto(`${BASE_URL}/?cur=eur&projectionMonths=6&projectedShmPrice=0.5`);
    await live;
    await page.getByTestId('projection-chart-svg').waitFor();
    await untilSettled(); // the projection of the live figures (300 ms debounce) has answered
    const reply = replies.filter((r) => r.months === 6).pop()?.results;
    if (!reply) throw new Error('no 6-month projection was answered');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^shm-projection-6-months-eur-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = readFileSync(await download.path(), 'utf8').trim().split(/\r\n/);
    expect(header).toBe(
      'Month,SHM earned,SHM price (EUR),Value (EUR),Cumulative profit (EUR),Cumulative profit P10 (EUR),Cumulative profit P90 (EUR)',
    );
    expect(rows).toHaveLength(6);
    const rate = rateOf('eur');
    rows.forEach((row, index) => {
      const cells = row.split(',').map(Number);
      const cell = (at: number) => cells[at] ?? Number.NaN; // a missing cell fails every comparison
      const m = reply.monthly[index];
      if (!m) throw new Error(`the reply has no month ${index + 1}`);
      expect(cells[0]).toBe(index + 1);
      expect(Math.abs(cell(1) - m.shm)).toBeLessThanOrEqual(0.00005);
      expect(Math.abs(cell(2) - m.price * rate)).toBeLessThanOrEqual(0.0000005);
      for (const [at, usd] of [[3, m.value], [4, m.cumulativeProfit], [5, m.cumulativeProfitP10], [6, m.cumulativeProfitP90]] as const) {
        expect(Math.abs(cell(at) - usd * rate)).toBeLessThanOrEqual(0.005);
      }
    });
    // The path p0 → p1 ends at the target price: month 6 is priced at $0.5 = €0.43
    expect(rows[5]?.split(',')[2]).toBe('0.430000');
  });

  it('when results show, then the projection band and the tornado render with their tables, at 1280 and 390 px', async () => {
    for (const [viewport, mobile, name] of [[DESKTOP, false, 'desktop'], [MOBILE, true, 'mobile']] as const) {
      const { page } = await newPage({ viewport, mobile });
      await renderInBrowser(page);
      const economics = page.waitForResponse((r) => r.url().endsWith('/api/calculations/economics') && r.ok());
      await page.goto(`${BASE_URL}/?standbyNodes=412&totalNodes=255&activeCommunityNodes=22&shmPrice=0.1172&projectionMonths=12`);
      // The request the page sent, asked again by the test: Chromium may drop a reply's body once the
      // page has moved on ("navigated away from"), the request's body it keeps. The same inputs give the same figures.
      const asked = (await economics).request();
      const again = await page.request.post(asked.url(), { data: asked.postData() ?? '', headers: { 'content-type': 'application/json' } });
      expect(again.status()).toBe(200);
      const sensitivity = ((await again.json()) as { results: { sensitivity: { input: string }[] } }).results.sensitivity;

      const band = page.getByTestId('projection-band');
      await band.waitFor();
      // Month 0 to 12, along P90 and back along P10.
      expect((await band.getAttribute('points'))?.trim().split(/\s+/)).toHaveLength(26);
      expect(await page.getByTestId('projection-expected-line').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){12}$/);
      // The tornado's code loads on its own (a lazy part): its rows may come after the band.
      await page.locator('[data-testid^="tornado-row-"]').first().waitFor();
      const rows = await page.locator('[data-testid^="tornado-row-"]').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-testid')));
      expect(rows).toEqual(sensitivity.map((s) => `tornado-row-${s.input}`));

      await page.getByTestId('projection-chart').getByRole('button', { name: 'Show table' }).click();
      expect(await page.getByTestId('projection-table').locator('tbody tr').count()).toBe(12);
      await page.getByTestId('tornado-chart').getByRole('button', { name: 'Show table' }).click();
      expect(await page.getByTestId('tornado-table').locator('tbody tr').count()).toBe(6);
      expect(await page.getByTestId('tornado-chart').getByRole('button', { name: 'Hide table' }).getAttribute('aria-expanded')).toBe('true');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await page.getByTestId('projection-chart').scrollIntoViewIfNeeded();
      await screenshot(page, `calculator-charts-${name}.png`);
    }
  });
});
