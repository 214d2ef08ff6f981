/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
// The dashboard end-to-end tests' shared setup: the personalizedDashboard flag on (and the payment
// gate off) for the file, restored afterwards, and small helpers for the dashboard's parts.
import type { Locator, Page } from 'playwright-core';
import { adminTokenFor, publicFlags, setFlagAsAdmin, testClientIp } from './admin-api';
import { BASE_URL, useBrowser } from './browser';
import { chain, until } from './payment-gate';

const ip = testClientIp();

async function setFlags(token: string, flags: Record<string, boolean>) {
  for (const [feature, enabled] of Object.entries(flags)) await setFlagAsAdmin(ip, token, feature, enabled);
  await until(async () => {
    const now = await publicFlags();
    return Object.entries(flags).every(([k, v]) => now[k] === v);
  }, 'the public flags');
  // The dashboard and alerts services follow the flag by event: signed out, each answers 401 once on, 403 while off.
  const status = flags.personalizedDashboard ? 401 : 403;
  for (const [service, path] of [['dashboard', '/api/dashboard/profiles'], ['alerts', '/api/dashboard/alerts']] as const) {
    await until(async () => (await fetch(`${BASE_URL}${path}`)).status === status, `the ${service} service to follow the flag`);
  }
}

/**
 * Call at the top of a test file: one browser, the dashboard flag on and the payment gate off for
 * the file's tests, both put back as they were after them.
 */
export function useDashboardFlag() {
  const chromium = useBrowser();
  let token: string;
  let before: Record<string, boolean> = {};
  beforeAll(async () => {
    token = await adminTokenFor(ip);
    before = await publicFlags();
    await setFlags(token, { personalizedDashboard: true, paymentGate: false });
  });
  afterAll(async () => {
    await setFlags(token, { personalizedDashboard: before.personalizedDashboard === true, paymentGate: before.paymentGate === true }).catch(
      (error: unknown) => console.error('could not reset the flags', error),
    );
    chain.destroy();
  });
  return { chromium };
}

export const dashboard = (page: Page) => page.getByTestId('dashboard');
export const tab = (page: Page, name: 'Overview' | 'Profiles' | 'Portfolio' | 'Scenarios') => dashboard(page).getByRole('tab', { name });
export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
export const profileRow = (page: Page, name: string) =>
  dashboard(page).getByTestId('profile-row').filter({ has: page.getByTestId('profile-name').getByText(name, { exact: true }) });

/** Waits until `locator` matches exactly `count` elements. */
export async function waitForCount(locator: Locator, count: number, timeoutMs = 15_000) {
  await until(async () => (await locator.count()) === count, `${count} of ${String(locator)}`, timeoutMs);
}

/** True when the page is no wider than the screen (nothing scrolls sideways). */
export const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** A dashboard call from inside the page, with its sign-in cookie. */
export const fetchInPage = (page: Page, path: string) =>
  page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).json() as Promise<unknown>, path);
