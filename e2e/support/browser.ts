import { chromium, type Browser, type Locator } from 'playwright-core';

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

/** Polls until the locator's text matches; playwright-core has no `expect`, so this is ours. */
export async function waitForText(locator: Locator, expected: string | RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last: string | null = null;
  while (Date.now() < deadline) {
    last = await locator.textContent({ timeout: 1_000 }).catch(() => null);
    if (last !== null && (typeof expected === 'string' ? last.trim() === expected : expected.test(last))) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Expected text ${String(expected)} but the last text seen was ${JSON.stringify(last)}`);
}
