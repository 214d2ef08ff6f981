import path from 'node:path';
import type { Page } from 'playwright-core';
import { BASE_URL, boxOf, DESKTOP, MOBILE, renderInBrowser, screenshot, SCREENSHOTS, useBrowser, waitForText } from './support/browser';

// The stack runs the network service against the local archiver and price stand-in
// (infra/stand-ins): 255 active validators of which 233 foundation, 412 standby, SHM at $0.1172.
jest.setTimeout(60_000);

const chromium = useBrowser();

async function newPage(viewport = DESKTOP, mobile = false): Promise<Page> {
  const context = await chromium.newContext({ viewport, isMobile: mobile, hasTouch: mobile });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Serves `data` as GET /api/shardeum-network to this page (rendered in the browser, which asks for it). */
async function fakeNetwork(page: Page, data: Record<string, unknown>) {
  await renderInBrowser(page);
  await page.route('**/api/shardeum-network', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ data: { isEstimate: false, lastUpdated: new Date().toISOString(), ...data } }),
    }),
  );
}

const text = (page: Page, testId: string) => page.getByTestId(testId);

describe('network data page', () => {
  it('when opened, then it shows the live archiver values, the Authoritative badge, the analysis and the health indicators', async () => {
    const page = await newPage();
    await page.goto(`${BASE_URL}/network`);
    await page.getByTestId('network-loaded').waitFor();

    expect(await page.getByRole('heading', { name: 'Shardeum Network Data' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Calculator' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Network Data' }).getAttribute('href')).toBe('/network');

    await waitForText(text(page, 'network-source-name'), 'Live Archiver Data');
    await waitForText(text(page, 'network-source-badge'), 'Authoritative');
    // The stand-in's two archivers sign the same cycles: a quorum, nobody set aside.
    await waitForText(text(page, 'archiver-agreement'), /^Confirmed by 2 of 2 archivers at cycle [\d,]+$/);
    expect(await page.getByTestId('archiver-refused').count()).toBe(0);
    expect(await page.getByTestId('network-single-source').count()).toBe(0);
    await waitForText(text(page, 'network-stat-total-nodes-value'), '255');
    await waitForText(text(page, 'network-stat-active-slots-value'), '22');
    await waitForText(text(page, 'network-stat-standby-nodes-value'), '412');
    await waitForText(text(page, 'network-stat-community-nodes-value'), '434');

    // 22 / 434, 412 / 434, 434 / 255
    await waitForText(text(page, 'analysis-active-participation-value'), '5.1%');
    await waitForText(text(page, 'analysis-standby-queue-value'), '94.9%');
    await waitForText(text(page, 'analysis-utilization-value'), '170.2%');
    // 22 / 434 with 2 decimals; 434 / 22 ≈ 20 cycles; 412 / 22 = 18.7 : 1
    await waitForText(text(page, 'health-selection-probability-value'), '5.07%');
    await waitForText(text(page, 'health-expected-wait-value'), '~20 cycles');
    await waitForText(text(page, 'health-decentralization-value'), 'High');
    await waitForText(text(page, 'health-competition-value'), '18.7:1');

    await waitForText(text(page, 'breakdown-foundation-value'), '233');
    await waitForText(text(page, 'breakdown-community-value'), '22');
    await waitForText(text(page, 'technical-details'), /archiver_live_data_foundation_233_community_22_active_255_standby_412/);
    await waitForText(text(page, 'technical-details'), /rewardPerHour\s*10/);

    await screenshot(page, 'network-desktop.png');
  });

  it.each([
    ['desktop', DESKTOP, false],
    ['mobile', MOBILE, true],
  ] as const)('when opened on %s, then the rotation figures, where each figure came from and the real history show, without sideways scrolling', async (name, viewport, mobile) => {
    const page = await newPage(viewport, mobile);
    await page.goto(`${BASE_URL}/network`);
    await page.getByTestId('network-loaded').waitFor();

    // The stand-in's community nodes stay active 240 cycles of 60 s each: every completed period is 4.0 h.
    await waitForText(text(page, 'rotation-active-period-value'), '4.0 h');
    // 22 activations per 240 cycles among 412 standby nodes: p ≈ 0.000222 per cycle, so P10 ≈ 474 cycles
    // (7.9 h) and P50, P90 ≈ 3 115 and 10 350 cycles (52 h, 7.2 days), plus 2 cycles of sync. The
    // stand-in's young network also counts the 22 first activations after its genesis, which raises the
    // observed rate by about a sixth (P50 ≈ 45 h), hence the format and P10 < P50 < P90 alone.
    const wait = await waitForText(text(page, 'rotation-wait-value'), /^\d+\.\d (h|days) \/ \d+\.\d (h|days) \/ \d+\.\d (h|days)$/);
    const hours = wait.split(' / ').map((part) => parseFloat(part) * (part.endsWith('days') ? 24 : 1));
    expect(hours).toHaveLength(3);
    expect([...hours].sort((a, b) => a - b)).toEqual(hours); // P10 < P50 < P90 (ties would be a flat network)
    await waitForText(text(page, 'provenance-counts'), /Archiver 127\.0\.0\.1:\d+ · (just now|\d+ min ago)/);
    // The stack's first poll is in the history: one 5-minute bucket with 255 active nodes.
    await waitForText(text(page, 'history-nodes-readout'), /Active 255/);
    await page.getByRole('radio', { name: '7 d' }).check();
    await waitForText(text(page, 'history-nodes-readout'), /Active 255/);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `network-live-${name}.png`);
  });

  it.each([
    ['desktop', DESKTOP, false],
    ['mobile', MOBILE, true],
  ] as const)('when a day of history is stored, then the charts draw three node series and the price on %s', async (name, viewport, mobile) => {
    const page = await newPage(viewport, mobile);
    const end = Date.now() - (Date.now() % 300_000);
    // 288 five-minute buckets: active 255 with a dip to 254 during a rotation every 4 h, standby 412 → 420, price drifting.
    const points = Array.from({ length: 288 }, (_, i) => ({
      t: new Date(end - (287 - i) * 300_000).toISOString(),
      active: i % 48 === 0 ? 254 : 255,
      standby: 412 + Math.floor(i / 36),
      community: i % 48 === 0 ? 21 : 22,
      foundation: 233,
      priceUsd: Number((0.1172 + 0.002 * Math.sin(i / 30)).toFixed(6)),
      estimate: false,
    }));
    await renderInBrowser(page);
    await page.route('**/api/shardeum-network/history**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ range: '24h', bucketSeconds: 300, points }) }),
    );
    await page.goto(`${BASE_URL}/network`);
    const nodes = page.getByTestId('history-nodes-svg');
    await nodes.waitFor();
    expect(await nodes.locator('path[data-series]').evaluateAll((paths) => paths.map((p) => p.getAttribute('data-series')))).toEqual(['active', 'standby', 'community']);
    await page.getByTestId('history-price-svg').waitFor();
    await waitForText(text(page, 'history-nodes-readout'), /Active 255, Standby 419, Community \(active slots\) 22\b/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('network-history').screenshot({ path: path.join(SCREENSHOTS, `network-history-${name}.png`) });
  });

  it.each([
    [101, 'High'],
    [100, 'Medium'],
    [51, 'Medium'],
    [50, 'Low'],
  ] as const)('when there are %i community nodes, then decentralization reads %s', async (communityNodes, level) => {
    const page = await newPage();
    await fakeNetwork(page, { totalNodes: 200, activeSlots: 10, standbyNodes: communityNodes - 10, communityNodes, source: 'archiver_real_data' });
    await page.goto(`${BASE_URL}/network`);
    await waitForText(text(page, 'health-decentralization-value'), level);
  });

  it('when the data is an estimate with no active slots, then the badge says Estimated, ratios show dashes and there is no breakdown', async () => {
    const page = await newPage();
    await fakeNetwork(page, {
      totalNodes: 0,
      activeSlots: 0,
      standbyNodes: 0,
      communityNodes: 0,
      source: 'shardeum_official_specifications',
      isEstimate: true,
    });
    await page.goto(`${BASE_URL}/network`);

    await waitForText(text(page, 'network-source-badge'), 'Estimated');
    await waitForText(text(page, 'network-source-name'), 'Official Shardeum Specifications');
    for (const id of ['analysis-active-participation', 'analysis-utilization', 'health-selection-probability', 'health-expected-wait', 'health-competition']) {
      await waitForText(text(page, `${id}-value`), '—');
    }
    expect(await page.getByTestId('node-breakdown').count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toMatch(/NaN|Infinity/);
  });

  it('when the counts are only in an archiver label, then the breakdown reads them; without them it says not available', async () => {
    const page = await newPage();
    await fakeNetwork(page, {
      totalNodes: 40,
      activeSlots: 10,
      standbyNodes: 5,
      communityNodes: 15,
      source: 'archiver_full_data_foundation_30_community_10',
    });
    await page.goto(`${BASE_URL}/network`);
    await waitForText(text(page, 'breakdown-foundation-value'), '30');
    await waitForText(text(page, 'network-source-name'), 'Archiver Full Node List');

    const other = await newPage();
    await fakeNetwork(other, { totalNodes: 40, activeSlots: 40, standbyNodes: 5, communityNodes: 45, source: 'archiver_calculated' });
    await other.goto(`${BASE_URL}/network`);
    await waitForText(text(other, 'breakdown-missing'), 'The node breakdown is not available for this data source.');
  });

  it('when the network service fails, then the error shows with Retry, and Retry loads the data once it answers', async () => {
    const page = await newPage();
    await renderInBrowser(page);
    await page.route('**/api/shardeum-network', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto(`${BASE_URL}/network`);

    await waitForText(text(page, 'network-error'), /Failed to load network data\. Please try refreshing\./);
    await screenshot(page, 'network-error.png');

    await page.unroute('**/api/shardeum-network');
    await page.getByRole('button', { name: 'Retry' }).click();
    await waitForText(text(page, 'network-stat-total-nodes-value'), '255');
  });

  it('when Refresh is pressed, then a refresh is posted and the data is fetched again', async () => {
    const page = await newPage();
    await page.goto(`${BASE_URL}/network`);
    await page.getByTestId('network-loaded').waitFor();

    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/shardeum-network/refresh'));
    const refetched = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().endsWith('/api/shardeum-network'));
    // The page is the server's HTML until React takes it over: a click before that does nothing, so the
    // button is pressed until the refresh goes out (once out, the button is disabled while it runs).
    let sent = false;
    void posted.then(() => (sent = true));
    for (let tries = 0; tries < 30 && !sent; tries += 1) {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(500);
    }
    await posted;
    expect((await refetched).status()).toBe(200);
    await waitForText(text(page, 'network-stat-total-nodes-value'), '255');
  });

  it('when opened on a phone, then the cards sit two to a row and a screenshot is saved', async () => {
    const page = await newPage(MOBILE, true);
    await page.goto(`${BASE_URL}/network`);
    await waitForText(text(page, 'network-stat-community-nodes-value'), '434');
    // Two cards to a row, the second row below the first, nothing scrolls sideways.
    const stat = (id: string) => boxOf(page.getByTestId(`network-stat-${id}`));
    const [total, active, standby, community] = await Promise.all([stat('total-nodes'), stat('active-slots'), stat('standby-nodes'), stat('community-nodes')]);
    expect(Math.abs(total.y - active.y)).toBeLessThan(2);
    expect(active.x).toBeGreaterThan(total.x + total.width - 1);
    expect(Math.abs(standby.x - total.x)).toBeLessThan(2);
    expect(standby.y).toBeGreaterThanOrEqual(total.y + total.height);
    expect(Math.abs(community.y - standby.y)).toBeLessThan(2);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'network-mobile.png');
  });
});

describe('calculator with live network data', () => {
  it('when opened, then the live node counts, reward, stake and price replace the defaults', async () => {
    const page = await newPage();
    let priceRequests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/shm-price')) priceRequests += 1;
    });
    await page.goto(`${BASE_URL}/`);

    const field = (label: string) => page.getByLabel(label, { exact: true });
    const valueOf = (label: string) => async () => field(label).inputValue();
    const expectValue = async (label: string, expected: string) => {
      const deadline = Date.now() + 15_000;
      while ((await valueOf(label)()) !== expected) {
        if (Date.now() > deadline) throw new Error(`${label} is ${await valueOf(label)()}, expected ${expected}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await expectValue('Total Nodes', '255');
    await expectValue('Active Community Nodes', '22');
    await expectValue('Standby Nodes', '412');
    await expectValue('Active Nodes', '22');
    await expectValue('Community Nodes', '434');
    await expectValue('Reward Per Hour (SHM)', '10');
    await expectValue('SHM Stake', '2400');
    await expectValue('SHM Price ($)', '0.1172');
    // 10 SHM/h × 720 h × 22 / 434 = 364.98 SHM
    await waitForText(page.getByTestId('tile-monthly-shm-rewards-value'), '364.98 SHM');

    // Fetched once, by the server's render, and kept: the browser does not ask again, focus does not
    // refetch; the refresh button does, with a spinner.
    await page.evaluate("window.dispatchEvent(new Event('focus'))");
    await new Promise((r) => setTimeout(r, 300));
    expect(priceRequests).toBe(0);
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/shm-price'));
    await page.getByRole('button', { name: 'Refresh SHM price' }).click();
    expect((await refreshed).status()).toBe(200);
    expect(priceRequests).toBe(1);
    await expectValue('SHM Price ($)', '0.1172');
    await screenshot(page, 'calculator-live-network.png');
  });
});
