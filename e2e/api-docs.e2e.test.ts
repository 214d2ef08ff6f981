/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
import path from 'node:path';
import { API_ENDPOINTS } from '@shm/contracts';
import type { Page } from 'playwright-core';
import { adminTokenFor, testClientIp } from './support/admin-api';
import { BASE_URL, screenshot, SCREENSHOTS, useBrowser, waitForText } from './support/browser';

jest.setTimeout(60_000);

const chromium = useBrowser();

const ip = testClientIp();
const name = (e: { method: string; path: string }) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`;

async function open(pathname: string, adminToken?: string): Promise<Page> {
  const context = await chromium.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'x-forwarded-for': ip } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  if (adminToken) await context.addInitScript((token) => localStorage.setItem('adminToken', token), adminToken);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${BASE_URL}${pathname}`);
  return page;
}

const rows = (page: Page) => page.getByTestId('api-endpoint');
const listed = async (page: Page) => {
  await rows(page).first().waitFor();
  return (await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-endpoint')))).sort();
};

describe('API documentation page', () => {
  it('when a visitor opens /api/docs, then every public endpoint is listed by category with the base URL', async () => {
    const page = await open('/api/docs');
    await waitForText(page.getByTestId('api-base-url'), BASE_URL);
    expect(await page.getByRole('tab', { name: 'API Endpoints' }).getAttribute('aria-selected')).toBe('true');
    expect(await listed(page)).toEqual(API_ENDPOINTS.filter((e) => !e.adminOnly).map(name).sort());
    expect(await page.getByRole('heading', { name: 'Calculations' }).isVisible()).toBe(true);
    expect(await page.getByText('Authenticated', { exact: true }).count()).toBe(0);

    const economics = page.locator('[data-endpoint="POST /api/calculations/economics"]');
    const badge = economics.locator('.method-badge');
    expect(await badge.textContent()).toBe('POST');
    expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(37, 99, 235)');
    expect(
      await page.locator('[data-endpoint="GET /api/feature-flags"] .method-badge').evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(21, 128, 61)'); // green-700: white on it reads at 5.0:1 (WCAG AA)

    await economics.getByRole('button', { expanded: false }).click();
    await economics.getByRole('columnheader', { name: 'Required' }).waitFor();
    expect(await economics.getByRole('cell', { name: 'walletAddress' }).isVisible()).toBe(true);
    expect(await economics.getByText('application/json').isVisible()).toBe(true);

    const copy = economics.getByRole('button', { name: 'Copy request example for POST /api/calculations/economics' });
    await copy.click();
    await economics.getByRole('button', { name: 'Copy request example for POST /api/calculations/economics copied' }).waitFor();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { params: { totalNodes: number } };
    expect(copied.params.totalNodes).toBe(256);
    await screenshot(page, 'api-docs-expanded.png');
    // The check mark goes after 2 s.
    await economics.getByRole('button', { name: 'Copy request example for POST /api/calculations/economics', exact: true }).waitFor({ timeout: 4000 });

    await economics.getByRole('button', { expanded: true }).click();
    expect(await economics.getByRole('columnheader', { name: 'Required' }).count()).toBe(0);
  });

  it('when the stored admin token is valid, then admin endpoints show and Admin says Authenticated', async () => {
    const page = await open('/api', await adminTokenFor(ip));
    // The page comes with the public list (the server's render); the admin's follows from the browser.
    await page.locator('[data-endpoint="GET /api/admin/feature-flags"]').waitFor();
    expect(await listed(page)).toEqual(API_ENDPOINTS.map(name).sort());
    await page.getByRole('heading', { name: 'Admin' }).getByText('Authenticated').waitFor();
    await page.locator('section', { has: page.getByRole('heading', { name: 'Admin' }) }).screenshot({ path: path.join(SCREENSHOTS, 'api-docs-admin.png') });
  });

  it('when the Overview tab is chosen, then the rules of the API are stated', async () => {
    const page = await open('/api/docs');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByText(/0\.1 SHM payment/).waitFor();
    expect(await page.getByText(/20 requests per 15 minutes per IP/).isVisible()).toBe(true);
    expect(await page.getByText(/bearer token/).first().isVisible()).toBe(true);
  });

  it('when each documented endpoint is called on the running stack, then a route answers it (no endpoint is missing)', async () => {
    for (const e of API_ENDPOINTS) {
      const url = `${BASE_URL}${e.path.replace(/:(\w+)/g, '0x0000000000000000000000000000000000000001')}`;
      const res = await fetch(url, {
        method: e.method,
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': testClientIp() },
        body: e.method === 'GET' ? undefined : '{}',
      });
      // Only a 404 body is read: some endpoints stream (server-sent events) and never end.
      const noRoute = res.status === 404 && (await res.text()).includes('No route for');
      if (res.status !== 404) await res.body?.cancel();
      expect({ endpoint: name(e), missing: noRoute || res.status === 502 }).toEqual({ endpoint: name(e), missing: false });
    }
  });
});
