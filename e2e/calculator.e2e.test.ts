import type { Page } from 'playwright-core';
import { BASE_URL, boxOf, DESKTOP, keepCalculatorDefaults, MOBILE, screenshot, useBrowser, waitForText } from './support/browser';

jest.setTimeout(60_000);

const chromium = useBrowser();

interface OpenOptions {
  viewport?: { width: number; height: number };
  mobile?: boolean;
  /** When given, GET /api/feature-flags answers with these flags. */
  flags?: Record<string, boolean>;
}

/** Opens a page of the SPA. The live SHM price would replace the default price, so it is kept away. */
async function open(pathname: string, { viewport = DESKTOP, mobile = false, flags }: OpenOptions = {}): Promise<Page> {
  const context = await chromium.newContext({ viewport, isMobile: mobile, hasTouch: mobile });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await keepCalculatorDefaults(page);
  if (flags) {
    await page.route('**/api/feature-flags', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, flags }) }),
    );
  }
  await page.goto(`${BASE_URL}${pathname}`);
  return page;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const tileValue = (page: Page, tile: string) => page.getByTestId(`tile-${tile}-value`);

describe('calculator page', () => {
  it('when opened, then the page works under its Content-Security-Policy with no violation reported', async () => {
    const context = await chromium.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto(`${BASE_URL}/`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await waitForText(tileValue(page, 'monthly-shm-rewards'), /SHM$/);
    await page.goto(`${BASE_URL}/shm/admin`);
    await page.getByText('Admin Panel').first().waitFor();
    expect(violations).toEqual([]);
  });

  it('when opened, then the form shows the defaults and the tiles show computed values', async () => {
    const page = await open('/');
    const defaults: [string, string][] = [
      ['Total Nodes', '256'],
      ['Active Community Nodes', '20'],
      ['Standby Nodes', '200'],
      ['Reward Per Hour (SHM)', '10'],
      ['Node Cost Per Month ($)', '35'],
      ['SHM Price ($)', '0.1265'],
      ['SHM Stake', '2400'],
      ['Total Supply (SHM)', '249000000'],
    ];
    for (const [label, value] of defaults) {
      expect(await field(page, label).inputValue()).toBe(value);
    }
    expect(await field(page, 'Community Nodes').inputValue()).toBe('220');

    // 10 SHM/h × 720 h × 20 / (20 + 200) = 654.55 SHM; active share 9.09 %
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '654.55 SHM');
    await waitForText(tileValue(page, 'expected-active-time'), '9.09%');
    await waitForText(page.getByTestId('tile-monthly-shm-rewards'), /\$82\.80 per active node/);
    expect(await page.getByRole('heading', { name: 'Network Economics & Node Performance' }).isVisible()).toBe(true);
    // The detailed table's code loads on first use: wait for it rather than read the instant the tiles show.
    await page.getByText('Detailed Economics Analysis').waitFor({ state: 'visible' });
    expect(await page.getByTestId('tile-gross-apy').getAttribute('data-tone')).toBe('positive');

    await screenshot(page, 'calculator-desktop.png');
  });

  it('when Standby Nodes changes, then the rewards and active time are recalculated', async () => {
    const page = await open('/');
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '654.55 SHM');

    await field(page, 'Standby Nodes').fill('80');

    // 10 × 720 × 20 / (20 + 80) = 1,440 SHM; active share 20 %
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '1,440 SHM');
    await waitForText(tileValue(page, 'expected-active-time'), '20.00%');
    expect(await field(page, 'Community Nodes').inputValue()).toBe('100');
  });

  it('when Total Nodes is 0, then it says "Must be at least 1" and the results stay', async () => {
    const page = await open('/');
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '654.55 SHM');

    await field(page, 'Total Nodes').fill('0');

    await waitForText(page.locator('#param-totalNodes-error'), 'Must be at least 1');
    expect(await field(page, 'Total Nodes').getAttribute('aria-invalid')).toBe('true');
    expect(await tileValue(page, 'monthly-shm-rewards').textContent()).toBe('654.55 SHM');
  });

  it('when results exist, then the earnings projection cards appear', async () => {
    const page = await open('/');
    await page.getByTestId('projection-results').waitFor({ state: 'visible' });
    for (const card of ['nodes-affordable', 'monthly-earnings', 'total-after-period', 'final-value']) {
      expect(await page.getByTestId(`projection-${card}`).isVisible()).toBe(true);
    }
    // floor(10,000 / (2,400 × 0.1265)) = 32 nodes
    await waitForText(page.getByTestId('projection-nodes-affordable-value'), '32');
    expect(await page.getByRole('tab', { name: 'Projection' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByText('Projection Breakdown').isVisible()).toBe(true);
  });

  it('when the path is unknown, then the calculator is shown', async () => {
    const page = await open('/no/such/page');
    await page.getByRole('heading', { name: 'Shardeum Validator Node Calculator' }).waitFor();
    expect(await field(page, 'Total Nodes').inputValue()).toBe('256');
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '654.55 SHM');
  });

  it('when the networkData flag is on, then the Network Data link shows; when off, it does not', async () => {
    const on = await open('/', { flags: { networkData: true } });
    await on.getByRole('link', { name: 'Network Data' }).waitFor();
    expect(await on.getByRole('link', { name: 'Network Data' }).getAttribute('href')).toBe('/network');

    const off = await open('/', { flags: { networkData: false } });
    await waitForText(tileValue(off, 'monthly-shm-rewards'), '654.55 SHM');
    expect(await off.getByRole('link', { name: 'Calculator' }).isVisible()).toBe(true);
    expect(await off.getByRole('link', { name: 'Network Data' }).count()).toBe(0);
  });

  it('when opened on a phone, then the page stacks and a screenshot is saved', async () => {
    const page = await open('/calculator', { viewport: MOBILE, mobile: true });
    await waitForText(tileValue(page, 'monthly-shm-rewards'), '654.55 SHM');
    await page.getByTestId('projection-results').waitFor({ state: 'visible' });
    // Stacked: the form fills the width above the results, the tiles sit two to a row, nothing scrolls sideways.
    const form = await boxOf(page.getByRole('complementary', { name: 'Calculator parameters' }));
    const results = await boxOf(page.getByRole('region', { name: 'Results' }));
    expect(form.y + form.height).toBeLessThanOrEqual(results.y);
    expect(Math.abs(form.x - results.x)).toBeLessThan(2);
    expect(form.width).toBeGreaterThan(MOBILE.width * 0.85);
    const [first, second, third] = await Promise.all([
      boxOf(page.getByTestId('tile-monthly-shm-rewards')),
      boxOf(page.getByTestId('tile-expected-active-time')),
      boxOf(page.getByTestId('tile-gross-apy')),
    ]);
    expect(Math.abs(first.y - second.y)).toBeLessThan(2);
    expect(second.x).toBeGreaterThan(first.x + first.width - 1);
    expect(third.y).toBeGreaterThanOrEqual(first.y + first.height);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'calculator-mobile.png');
    await screenshot(page, 'calculator-mobile-viewport.png', false);
  });
});
