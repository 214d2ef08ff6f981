/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
import type { Page } from 'playwright-core';
import { BASE_URL, DESKTOP, keepCalculatorDefaults, screenshot, useBrowser } from './support/browser';

// The calculator with the keyboard alone: Tab reaches every control in reading order, and the control
// that has focus shows a ring a person can see.
jest.setTimeout(90_000);

const chromium = useBrowser();

interface Stop {
  /** The control's position among the page's focusable controls in document order; -1 for anything else. */
  index: number;
  name: string;
  outline: { style: string; width: number; color: string };
  focusVisible: boolean;
}

/** Numbers every control a visitor can tab to (visible, enabled, not taken out of the order), in document order. */
const markFocusable = (page: Page) =>
  page.evaluate(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]';
    const controls = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
      (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0 && !el.closest('[hidden], [inert]'),
    );
    controls.forEach((el, index) => el.setAttribute('data-kb-index', String(index)));
    return controls.length;
  });

/** How many of the page's requests (API calls, code chunks) are still open, from the moment it is called. */
function openRequests(page: Page): () => number {
  let open = 0;
  page.on('request', () => (open += 1));
  page.on('requestfinished', () => (open -= 1));
  page.on('requestfailed', () => (open -= 1));
  return () => open;
}

/**
 * Numbers the controls once the page has stopped adding them. The calculator's lower parts load their
 * code on first render (`deferred`) and some show only after an API answer; on a busy machine they
 * arrive after the tiles, and numbered before they came, their controls would be tabbed to
 * unnumbered. So: no request open and the same count on five reads 200 ms apart.
 */
async function markSettledControls(page: Page, open: () => number, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let count = await markFocusable(page);
  for (let same = 0; same < 5; ) {
    if (Date.now() > deadline) throw new Error(`the page did not settle within ${timeoutMs} ms (${open()} requests open, ${count} controls)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = await markFocusable(page);
    same = now === count && open() === 0 ? same + 1 : 0;
    count = now;
  }
  return count;
}

/** Where focus is now: which control, its accessible name as a person would read it, and its focus ring. */
const focused = (page: Page): Promise<Stop | null> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const label = (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
    const style = getComputedStyle(el);
    return {
      index: Number(el.getAttribute('data-kb-index') ?? -1),
      name: `${el.getAttribute('role') ?? el.tagName.toLowerCase()}:${label.trim().replace(/\s+/g, ' ')}`,
      outline: { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor },
      focusVisible: el.matches(':focus-visible'),
    };
  });

/** Presses Tab until focus leaves the page (or comes back round), recording each stop. */
async function tabThrough(page: Page, max = 150): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    if (!stop || stop.index === stops[0]?.index) break;
    stops.push(stop);
  }
  return stops;
}

/** An opaque colour: `rgb(…)`, or `rgba(…)` with alpha above 0. */
const opaque = (color: string) => !/^rgba\(.*,\s*0\)$/.test(color) && color !== 'transparent';

describe('the calculator by keyboard', () => {
  it('when Tab is pressed from the top, then focus visits every field and button in reading order, each with a visible ring', async () => {
    const context = await chromium.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const open = openRequests(page);
    await keepCalculatorDefaults(page);
    await page.goto(`${BASE_URL}/`);
    await page.getByTestId('tile-net-apy-value').waitFor();
    await page.getByTestId('projection-results').waitFor();
    await page.locator('button[aria-label="Refresh SHM price"]:not([disabled])').waitFor();

    const count = await markSettledControls(page, open);
    const stops = await tabThrough(page);

    // Every control, once, in document order (no positive tabindex, nothing skipped or trapped).
    expect(stops.map((s) => s.index)).toEqual([...Array(count).keys()]);

    // The form and result controls a visitor needs, in the order the page reads (spec §2.2, §2.3, §2.4).
    const expected = [
      'a:Calculator',
      'input:Total Nodes',
      'input:Active Community Nodes',
      'input:Standby Nodes',
      'input:Active Nodes',
      'input:Community Nodes',
      'input:Reward Per Hour (SHM)',
      'input:Node Cost Per Month ($)',
      'input:SHM Price ($)',
      'button:Refresh SHM price',
      'input:SHM Stake',
      'input:Total Supply (SHM)',
      'a:How Monthly SHM Rewards is calculated',
      'a:How Expected Active Time % is calculated',
      'a:How Gross APY is calculated',
      'a:How Net APY is calculated',
      'a:How Annual SHM Issuance is calculated',
      'a:How Inflation Rate is calculated',
      'tab:Projection',
      'input:Investment Amount ($)',
      'input:Projection Period (months)',
      'input:Target SHM Price ($)',
    ];
    const names = stops.map((s) => s.name);
    const positions = expected.map((name) => names.indexOf(name));
    expect(expected.filter((_, i) => positions[i] === -1)).toEqual([]);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    // Each stop is keyboard focus (:focus-visible) with a solid ring at least 2 px wide.
    const faint = stops.filter((s) => !s.focusVisible || s.outline.style === 'none' || s.outline.width < 2 || !opaque(s.outline.color));
    expect(faint).toEqual([]);
  });

  it('when a field has keyboard focus, then the ring shows in a screenshot', async () => {
    const context = await chromium.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await keepCalculatorDefaults(page);
    await page.goto(`${BASE_URL}/`);
    await page.getByTestId('tile-net-apy-value').waitFor();
    await page.getByLabel('Standby Nodes', { exact: true }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect((await focused(page))?.name).toBe('input:Standby Nodes');
    await screenshot(page, 'a11y-focus-ring.png', false);
  });
});
