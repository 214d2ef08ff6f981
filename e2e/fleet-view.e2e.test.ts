/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
// The fleet view (issue 35) as it reads in Chromium with a wallet's 100 linked nodes: the portfolio
// reply is fixed here (checked against its contract), so the table, its Σ row, the flags and the
// health can be measured at 1280 and 390 px, screenshotted and run through axe.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import { PortfolioReplySchema, type FleetRow, type NodeStateOrUnknown, type PortfolioEntry } from '@shm/contracts';
import { blockingViolations } from './support/axe';
import { DESKTOP, MOBILE, waitForText } from './support/browser';
import { dashboard, fitsWidth, tab, useDashboardFlag, waitForCount } from './support/dashboard';
import { closeToast, openWithWallet } from './support/payment-gate';

jest.setTimeout(240_000);

const { chromium } = useDashboardFlag();
const SHOTS = path.join(__dirname, '..', '.run', 'screenshots');

const NODES = 100;
const STATES: NodeStateOrUnknown[] = ['active', 'standby', 'syncing', 'gone'];
const NONE = { syncTimeouts: 0, lost: 0, refuted: 0, earlyExits: 0, missedRefreshes: 0 };
const keyOf = (i: number) => (i + 1).toString(16).padStart(64, 'a');

/**
 * Row i's figures, in whole hundredths so the fixture's Σ is integer arithmetic: every 25th from
 * the 6th is 0 of 5.00 expected (flagged, 4 in all); every 10th from the 4th was lost and refuted
 * (health 80); the last is unavailable. Net = SHM × 0.25 − 35 USD, to the cent.
 */
function row(index: number): FleetRow {
  const flagged = index % 25 === 5;
  const shm = (index * 3333) % 100_000;
  const incidents = index % 10 === 3 ? { ...NONE, lost: 1, refuted: 1 } : NONE;
  const net = Math.round(shm / 4) - 3500;
  return {
    entryId: `e${index}`,
    publicKey: keyOf(index),
    label: index % 7 === 0 ? '' : index === 1 ? 'A validator with a rather long name on a rented box in Frankfurt' : `Validator ${index + 1}`,
    state: index === NODES - 1 ? 'unavailable' : (STATES[index % 4] ?? 'active'),
    timeInStateSeconds: index === NODES - 1 ? null : (index + 1) * 3700,
    days7: { activations: index % 3, expectedActivations: ((index % 5) * 37) / 100, pValue: 0.5 },
    days30: flagged ? { activations: 0, expectedActivations: 5, pValue: 0.0067 } : { activations: index % 4, expectedActivations: ((index % 6) * 123) / 100, pValue: 0.6 },
    unlikelyLuck: flagged,
    activeHours: ((index * 1234) % 10_000) / 100,
    earnedSHM: shm / 100,
    stakeUSD: 700,
    costUSD: 35,
    netUSD: net / 100,
    netReturn: net / 100 / 735,
    incidents,
    health: index === NODES - 1 ? null : index % 10 === 3 ? 80 : 100,
  };
}
const rows = Array.from({ length: NODES }, (_, i) => row(i));
const hundredths = (value: number) => Math.round(value * 100);
const sum = (pick: (r: FleetRow) => number) => rows.reduce((total, r) => total + hundredths(pick(r)), 0) / 100;

function entry(fleetRow: FleetRow): PortfolioEntry {
  const state = fleetRow.state === 'unavailable' ? null : fleetRow.state;
  return {
    id: fleetRow.entryId, walletAddress: '0x0', nodeCount: 1, actualInvestment: 700, shmPriceAtEntry: 0.12, actualRewards: 0, entryDate: '2026-03-01',
    label: fleetRow.label, nodePublicKey: fleetRow.publicKey,
    performance: { monthsElapsed: 1, expectedRewards: 200, ratio: 0.9, source: state ? 'node' : 'typed' },
    node: {
      status: state ? { publicKey: fleetRow.publicKey, state, since: '2026-03-10T09:00:00.000Z', firstSeen: '2026-03-01T00:00:00.000Z', lastChange: null, activePeriods: [], earnedSHM: fleetRow.earnedSHM } : null,
      timeInStateSeconds: fleetRow.timeInStateSeconds, activePeriodsThisMonth: 0, earnedThisMonthSHM: 0, earnedSHM: fleetRow.earnedSHM, standbyWait: null,
    },
    createdAt: '2026-03-01T00:00:00.000Z', updatedAt: '2026-03-01T00:00:00.000Z',
  };
}

const netUSD = sum((r) => r.netUSD);
const portfolio = PortfolioReplySchema.parse({
  success: true,
  entries: rows.map(entry),
  basis: { rewardPerHour: 10, activeCommunityNodes: 20, standbyNodes: 200, monthlySHMPerNode: 654.5454, source: 'live', lastUpdated: '2026-03-10T09:00:00.000Z' },
  totals: { entries: NODES, nodes: NODES, linkedNodes: NODES, states: { active: 25, syncing: 25, standby: 25, gone: 24, unknown: 0, unavailable: 1 }, actualSHM: 0, expectedSHM: 20_000, ratio: 0 },
  fleet: {
    rows,
    totals: {
      nodes: NODES,
      days7: { activations: rows.reduce((n, r) => n + r.days7.activations, 0), expectedActivations: sum((r) => r.days7.expectedActivations ?? 0) },
      days30: { activations: rows.reduce((n, r) => n + r.days30.activations, 0), expectedActivations: sum((r) => r.days30.expectedActivations ?? 0) },
      unlikelyLuck: 4,
      activeHours: sum((r) => r.activeHours),
      earnedSHM: sum((r) => r.earnedSHM),
      stakeUSD: NODES * 700,
      costUSD: NODES * 35,
      netUSD,
      netReturn: netUSD / (NODES * 735),
      incidents: 20,
    },
    money: { profileName: 'Plan', shmPrice: 0.25, nodeCostPerMonth: 35 },
  },
});

const fleet = (page: Page) => dashboard(page).getByTestId('fleet');
/** "1,234.56" → 123456 */
const shownHundredths = (text: string) => Math.round(Number(text.replace(/[^0-9.−-]/g, '').replace('−', '-')) * 100);

async function shoot(page: Page, name: string, fullFleet: boolean) {
  await closeToast(page);
  mkdirSync(SHOTS, { recursive: true });
  if (fullFleet) await fleet(page).screenshot({ path: path.join(SHOTS, name) });
  else await page.screenshot({ path: path.join(SHOTS, name) });
}

describe('the fleet view, as it reads', () => {
  it(`when a wallet links ${NODES} nodes, then one table holds them with a Σ row that adds what the rows show, the flags and health read in words, a phone never scrolls sideways, and axe passes`, async () => {
    const { page } = await openWithWallet(chromium, '/', Wallet.createRandom().privateKey);
    await page.route('**/api/dashboard/portfolio/*', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(portfolio) }) : route.fallback(),
    );
    await page.getByTestId('dashboard-hint').getByRole('button', { name: 'Connect Wallet' }).click();
    await dashboard(page).waitFor();
    await tab(page, 'Portfolio').click();
    await waitForCount(fleet(page).getByTestId('fleet-row'), NODES);

    // The Σ row's SHM is the sum of the 100 SHM figures on screen, to the hundredth.
    const shownRows = (await fleet(page).getByTestId('fleet-shm').allTextContents()).map(shownHundredths);
    expect(shownRows).toHaveLength(NODES);
    const total = await fleet(page).getByTestId('fleet-total-shm').textContent();
    expect(shownHundredths(total ?? '')).toBe(shownRows.reduce((a, b) => a + b, 0));
    const shownNet = (await fleet(page).getByTestId('fleet-net').allTextContents()).map((t) => shownHundredths(t.split('(')[0] ?? ''));
    expect(shownHundredths((await fleet(page).getByTestId('fleet-total-net').textContent())?.split('(')[0] ?? '')).toBe(shownNet.reduce((a, b) => a + b, 0));

    await waitForText(fleet(page).getByTestId('fleet-flagged'), '4 of 100 unlikely to be bad luck');
    expect(await fleet(page).locator('[data-testid="fleet-row"][data-flagged="true"]').count()).toBe(4);
    await waitForText(fleet(page).locator('[data-entry-id="e5"]').getByTestId('fleet-30d'), /^0 of 5\.00\s*Unlikely to be luck$/);
    await waitForText(fleet(page).locator('[data-entry-id="e3"]').getByTestId('fleet-health'), '80 lost 1 · refuted 1');
    await waitForText(fleet(page).locator('[data-entry-id="e4"]').getByTestId('fleet-health'), '100 no events');
    await waitForText(fleet(page).getByTestId('fleet-notes'), /Waiting without being picked never lowers it/);

    await shoot(page, 'fleet-desktop.png', true);
    await fleet(page).scrollIntoViewIfNeeded();
    await shoot(page, 'fleet-desktop-top.png', false);
    expect(await fitsWidth(page)).toBe(true);
    expect(await blockingViolations(page)).toEqual([]);

    await page.setViewportSize(MOBILE);
    await fleet(page).scrollIntoViewIfNeeded();
    await until390(page);
    await fleet(page).getByTestId('fleet-row').first().scrollIntoViewIfNeeded();
    await shoot(page, 'fleet-mobile-top.png', false);
    await fleet(page).getByTestId('fleet-total').scrollIntoViewIfNeeded();
    await shoot(page, 'fleet-mobile-total.png', false);
    expect(await blockingViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
  });
});

/** At 390 px the cards have taken over (each row a grid of label–value pairs) and nothing is wider than the screen. */
async function until390(page: Page) {
  const display = () => fleet(page).getByTestId('fleet-row').first().evaluate((row) => getComputedStyle(row).display);
  for (let i = 0; i < 50 && (await display()) !== 'grid'; i += 1) await page.waitForTimeout(100);
  expect(await display()).toBe('grid');
  expect(await fitsWidth(page)).toBe(true);
}
