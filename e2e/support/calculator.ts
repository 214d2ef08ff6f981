/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
// Shared by the calculator's end-to-end tests of shareable links, display currencies, the CSV and the charts.
import type { BrowserContext, Page } from 'playwright-core';
import { BASE_URL, DESKTOP, type useBrowser } from './browser';

/** A page with clipboard access (Copy link), desktop unless told. */
export async function newCalculatorPage(
  chromium: ReturnType<typeof useBrowser>,
  options: { viewport?: typeof DESKTOP; mobile?: boolean } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const mobile = options.mobile ?? false;
  const context = await chromium.newContext({ viewport: options.viewport ?? DESKTOP, isMobile: mobile, hasTouch: mobile });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { page, context };
}

export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
export const tileValue = (page: Page, tile: string) => page.getByTestId(`tile-${tile}-value`);
export const query = (page: Page) => new URL(page.url()).searchParams;
/** Longer than the calculator's settle time (1 s): the edit has made its history entry. */
export const untilSettled = () => new Promise((resolve) => setTimeout(resolve, 1_500));
