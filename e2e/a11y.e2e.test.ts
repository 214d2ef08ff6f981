import type { Page } from 'playwright-core';
import { adminTokenFor, setFlagAsAdmin, testClientIp } from './support/admin-api';
import { blockingViolations, runAxe } from './support/axe';
import { BASE_URL, DESKTOP, MOBILE, renderInBrowser, screenshot, useBrowser, waitForText } from './support/browser';

// axe-core on every page a visitor reaches, in the state where it shows the most (results, an open
// endpoint, the admin's switches, the payment gate), on a desktop and a phone: nothing serious or critical.
jest.setTimeout(120_000);

const chromium = useBrowser();
const ip = testClientIp();

async function open(pathname: string, viewport = DESKTOP, beforeLoad?: (page: Page) => Promise<void>): Promise<Page> {
  const context = await chromium.newContext({ viewport, isMobile: viewport === MOBILE, hasTouch: viewport === MOBILE, extraHTTPHeaders: { 'x-forwarded-for': ip } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await beforeLoad?.(page);
  await page.goto(`${BASE_URL}${pathname}`);
  return page;
}

/** Fails with the list of what axe found serious or critical. */
async function expectNoBlockingViolations(page: Page) {
  expect(await blockingViolations(page)).toEqual([]);
}

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', MOBILE],
] as const;

describe.each(VIEWPORTS)('accessibility (axe-core) on a %s', (_label, viewport) => {
  it('when the calculator shows its results, then nothing is serious or critical', async () => {
    const page = await open('/', viewport);
    await page.getByTestId('tile-net-apy-value').waitFor();
    await page.getByTestId('projection-results').waitFor().catch(() => undefined);
    await expectNoBlockingViolations(page);
  });

  it('when the network page has loaded, then nothing is serious or critical', async () => {
    const page = await open('/network', viewport);
    await page.getByTestId('network-loaded').waitFor();
    await expectNoBlockingViolations(page);
  });

  it('when the network page has loaded and its history is still loading, then nothing is serious or critical either', async () => {
    // The history answers only once axe has looked, so the card's loading state is what it sees.
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    // Rendered in the browser: the server's render would already hold the history.
    const page = await open('/network', viewport, async (browserPage) => {
      await renderInBrowser(browserPage);
      await browserPage.route('**/api/shardeum-network/history**', async (route) => {
        await held;
        await route.continue();
      });
    });
    await page.getByTestId('network-history').getByText('Loading history...').first().waitFor();
    await expectNoBlockingViolations(page);
    answer();
  });

  it('when the network page shows its history, then nothing is serious or critical', async () => {
    const page = await open('/network', viewport);
    await waitForText(page.getByTestId('history-nodes-readout'), /Active/);
    await expectNoBlockingViolations(page);
  });

  it('when the admin page is open, then nothing is serious or critical', async () => {
    const page = await open('/shm/admin', viewport);
    await page.getByRole('button', { name: 'Authenticate Admin' }).waitFor();
    await page.getByTestId('tile-net-apy-value').waitFor();
    await expectNoBlockingViolations(page);
  });

  it('when the API docs show an endpoint opened, then nothing is serious or critical', async () => {
    const page = await open('/api/docs', viewport);
    const economics = page.locator('[data-endpoint="POST /api/calculations/economics"]');
    await economics.getByRole('button').first().click();
    await economics.getByText('Request Body').waitFor();
    await expectNoBlockingViolations(page);
  });

  it('when the methodology page shows the formulas with results, then nothing is serious or critical', async () => {
    const page = await open('/methodology?standbyNodes=300#netAPY', viewport);
    await waitForText(page.getByTestId('formula-values-netAPY'), /= 86\.66 %$/);
    await expectNoBlockingViolations(page);
  });
});

describe('accessibility (axe-core) of the signed-in and gated states', () => {
  let token: string;
  beforeAll(async () => {
    token = await adminTokenFor(ip);
  });
  afterAll(async () => {
    await setFlagAsAdmin(ip, token, 'paymentGate', false);
  });

  it("when the admin is signed in, then the flag panel's switches are named and nothing is serious or critical", async () => {
    const page = await open('/shm/admin', DESKTOP, async (browserPage) => {
      await browserPage.context().addInitScript((t) => localStorage.setItem('adminToken', t), token);
    });
    await page.getByLabel('Payment Gate', { exact: true }).waitFor();
    await expectNoBlockingViolations(page);
  });

  it('when the payment gate is on, then the payment card and a methodology page without results have nothing serious or critical', async () => {
    await setFlagAsAdmin(ip, token, 'paymentGate', true);
    const page = await open('/');
    await page.getByText('Payment Required', { exact: true }).first().waitFor();
    await page.getByText('Browser Wallet').first().waitFor();
    await expectNoBlockingViolations(page);
    await screenshot(page, 'a11y-payment-gate.png');

    const methodology = await open('/methodology');
    await methodology.locator('[data-testid="methodology-status"][data-status="gated"]').waitFor();
    await expectNoBlockingViolations(methodology);
  });

  it('when axe runs, then it really checks: a page made to fail contrast is reported', async () => {
    // The check itself must be able to fail: grey on grey text is a serious violation.
    const page = await open('/api/docs');
    await page.getByTestId('api-endpoint').first().waitFor();
    // Taken over by the browser first: React would drop a node it did not render while it hydrates.
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = 'Barely readable';
      p.style.cssText = 'color:#bbb;background:#fff;font-size:12px';
      document.querySelector('main')?.append(p);
    });
    const violations = await runAxe(page);
    expect(violations.map((v) => [v.id, v.impact])).toContainEqual(['color-contrast', 'serious']);
  });
});
