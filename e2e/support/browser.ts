import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';

/** Where the stack under test serves the SPA. */
export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');

/** Headless Chromium from the system (or CHROMIUM_PATH), with everything that phones home turned off. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Polls until the locator's text matches; playwright-core has no `expect`, so this is ours. A function
 * is asked again on every poll (for an expectation built from replies still arriving; null: not yet).
 */
export async function waitForText(locator: Locator, expected: string | RegExp | (() => string | null), timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last: string | null = null;
  let wanted: string | RegExp | null = null;
  while (Date.now() < deadline) {
    wanted = typeof expected === 'function' ? expected() : expected;
    last = await locator.textContent({ timeout: 1_000 }).catch(() => null);
    if (last !== null && wanted !== null && (typeof wanted === 'string' ? last.trim() === wanted : wanted.test(last))) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Expected text ${String(wanted)} but the last text seen was ${JSON.stringify(last)}`);
}

export const SCREENSHOTS = path.join(__dirname, '..', '..', 'test-results');
export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 390, height: 844 };

/**
 * One Chromium for a test file: launched before its tests, closed (with every context it made)
 * after them. Call at the top of a test file.
 */
export function useBrowser(): { newContext(options?: BrowserContextOptions): Promise<BrowserContext> } {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });
  return {
    async newContext(options) {
      if (!browser) throw new Error('useBrowser(): the browser is not launched yet');
      const context = await browser.newContext(options);
      contexts.push(context);
      if (options?.javaScriptEnabled !== false) context.on('page', untilTakenOver);
      return context;
    },
  };
}

/**
 * A page the server rendered shows everything at once, before the browser has taken it over (until
 * then a click does nothing, as for a person who taps before the scripts ran). Every navigation
 * (goto, reload) of this browser's pages resolves once the page is the browser's: `<html data-app="ready">`.
 */
function untilTakenOver(page: Page): void {
  const ready = () => page.locator('html[data-app="ready"]').waitFor({ state: 'attached', timeout: 15_000 }).catch(() => undefined);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
}

/** Saves a screenshot into test-results/ (look at it). */
export const screenshot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage });

/**
 * This page's documents as the browser alone renders them: the build's app shell (index.html)
 * instead of the server's render, so the API answers a test fakes in the browser are the ones the
 * page shows from the start. The shell comes from the web server, with the same security headers.
 */
export async function renderInBrowser(page: Page): Promise<void> {
  const origin = new URL(BASE_URL).origin;
  await page.route(
    (url) => url.origin === origin,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      // The build's index.html is the app shell of every page.
      await route.fulfill({ response: await route.fetch({ url: `${BASE_URL}/index.html` }) });
    },
  );
}

/** Keeps the calculator on its spec defaults: no live price or live network overrides (the page rendered in the browser). */
export async function keepCalculatorDefaults(page: Page): Promise<void> {
  await renderInBrowser(page);
  await page.route('**/api/shm-price', (route) => route.fulfill({ status: 404, body: '' }));
  await page.route('**/api/calculations/live-defaults', (route) => route.fulfill({ status: 404, body: '' }));
}

/** Where an element is drawn on the page; throws when it is not drawn (hidden or gone). */
export async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} is not drawn`);
  return box;
}
