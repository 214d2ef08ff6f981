/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
import { Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import { ADMIN_PRIVATE_KEY, adminTokenFor, publicFlags, setFlagAsAdmin, testClientIp } from './support/admin-api';
import { BASE_URL, keepCalculatorDefaults, screenshot, useBrowser, waitForText } from './support/browser';
import { closeToast } from './support/payment-gate';
import { WalletRpcError, installWalletProvider, type InjectedWallet, type WalletProviderOptions } from './support/wallet-provider';

jest.setTimeout(90_000);

const chromium = useBrowser();

const ip = testClientIp();

afterAll(async () => {
  // Leave the flags as every other test expects them: off.
  const token = await adminTokenFor(ip);
  await setFlagAsAdmin(ip, token, 'networkData', false);
});

async function openAdmin(
  wallet: Partial<WalletProviderOptions> = {},
  beforeLoad?: (page: Page) => Promise<void>,
): Promise<{ page: Page; injected: InjectedWallet }> {
  const context = await chromium.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'x-forwarded-for': ip } });
  const injected = await installWalletProvider(context, { privateKey: ADMIN_PRIVATE_KEY, ...wallet });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // The live price and live network defaults would replace the admin defaults this test checks.
  await keepCalculatorDefaults(page);
  await beforeLoad?.(page);
  await page.goto(`${BASE_URL}/shm/admin`);
  return { page, injected };
}

const FLAG_NAMES = ['paymentGate', 'confetti', 'networkData', 'personalizedDashboard'] as const;
const known = (flags: Record<string, boolean>) => Object.fromEntries(FLAG_NAMES.map((name) => [name, flags[name] === true]));
const cachedFlags = (page: Page) => page.evaluate(() => localStorage.getItem('featureFlags'));

const toast = (page: Page) => page.locator('.p-toast-message').last();
const flagSwitch = (page: Page, label: string) => page.getByLabel(label, { exact: true });
/** The toast sits over the header's right side for 5 s; a person closes it to reach Disconnect. */
async function disconnect(page: Page) {
  await closeToast(page);
  await page.getByRole('button', { name: 'Disconnect' }).click();
}

describe('admin page', () => {
  it('when the admin signs in, toggles Network Data, reloads and disconnects, then each step shows and sticks', async () => {
    const { page } = await openAdmin();
    await page.getByText('Admin Panel', { exact: true }).waitFor();
    // Admin defaults (spec §3) in the reused calculator form.
    expect(await page.getByLabel('Total Nodes', { exact: true }).inputValue()).toBe('1300');
    expect(await page.getByText('Feature Flags').count()).toBe(0);

    await page.getByRole('button', { name: 'Authenticate Admin' }).click();
    await page.getByText('Admin Authenticated', { exact: true }).waitFor();
    await waitForText(toast(page), /Admin Access Granted\s*You now have admin privileges/);
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    expect(token).toMatch(/^[\w-]{40,}$/);

    for (const label of ['Payment Gate', 'Confetti Animation', 'Network Data Button', 'Personalized Dashboard']) {
      await flagSwitch(page, label).waitFor({ state: 'attached' });
    }
    expect(await page.getByText('Show the Network Data navigation button on the calculator page').isVisible()).toBe(true);
    expect(await flagSwitch(page, 'Network Data Button').isChecked()).toBe(false);
    await screenshot(page, 'admin-authenticated.png');

    await page.locator('.flag-panel__item', { hasText: 'Network Data Button' }).locator('.p-inputswitch').click();
    await waitForText(toast(page), /Network Data Button enabled successfully/);
    expect(await flagSwitch(page, 'Network Data Button').isChecked()).toBe(true);
    expect((await publicFlags()).networkData).toBe(true);

    await page.reload();
    await page.getByText('Admin Authenticated', { exact: true }).waitFor();
    await page.waitForFunction(() => (document.getElementById('flag-networkData') as HTMLInputElement | null)?.checked === true);
    await screenshot(page, 'admin-flag-on-after-reload.png');

    await disconnect(page);
    await waitForText(toast(page), /Disconnected\s*Admin session has been securely invalidated/);
    await page.getByRole('button', { name: 'Authenticate Admin' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    expect(await page.getByText('Feature Flags').count()).toBe(0);
    const after = await fetch(`${BASE_URL}/api/admin/feature-flags`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip } });
    expect(after.status).toBe(401);
  });

  it('when the wallet is on another chain that it does not know, then it is asked to add Shardeum and signs in', async () => {
    const { page, injected } = await openAdmin({ chainId: '0x1', knownChains: [] });
    await page.getByRole('button', { name: 'Authenticate Admin' }).click();
    await page.getByText('Admin Authenticated', { exact: true }).waitFor();
    const methods = injected.calls.map((c) => c.method);
    expect(methods.slice(0, 6)).toEqual([
      'eth_accounts',
      'eth_requestAccounts',
      'eth_chainId',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'personal_sign',
    ]);
    expect(injected.calls.find((c) => c.method === 'wallet_addEthereumChain')?.params[0]).toMatchObject({
      chainId: '0x1fb6',
      chainName: 'Shardeum',
      nativeCurrency: { symbol: 'SHM', decimals: 18 },
    });
    expect(injected.chainId()).toBe('0x1fb6');
    await disconnect(page);
    await page.getByRole('button', { name: 'Authenticate Admin' }).waitFor();
  });

  it('when another wallet tries, then it is told admin access needs the authorized wallet', async () => {
    const { page } = await openAdmin({ privateKey: Wallet.createRandom().privateKey });
    await page.getByRole('button', { name: 'Authenticate Admin' }).click();
    await waitForText(toast(page), /Unauthorized\s*Admin access requires the authorized wallet address/);
    expect(await page.getByRole('button', { name: 'Authenticate Admin' }).isVisible()).toBe(true);
  });

  it('when the admin rejects the signing request, then the spec text shows and nothing is stored', async () => {
    const { page } = await openAdmin({
      handlers: {
        personal_sign: async () => {
          throw new WalletRpcError(4001, 'User rejected the request.');
        },
      },
    });
    await page.getByRole('button', { name: 'Authenticate Admin' }).click();
    await waitForText(toast(page), /Authentication Failed\s*User rejected the signing request/);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  });
});

describe('feature flags cached in the browser (spec §3, §4)', () => {
  it('when the page loads, then the server’s flags are kept in localStorage under featureFlags', async () => {
    const { page } = await openAdmin();
    await page.getByText('Admin Panel', { exact: true }).waitFor();
    await page.waitForFunction(() => localStorage.getItem('featureFlags') !== null);
    expect(JSON.parse((await cachedFlags(page)) ?? 'null')).toEqual(known(await publicFlags()));
  });

  it('when a returning visitor has flags cached, then they show before the server answers and its answer replaces them', async () => {
    const server = known(await publicFlags());
    expect(server.paymentGate).toBe(false); // every other test leaves the flags off
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered = false;
    const { page } = await openAdmin({}, async (browserPage) => {
      // An earlier visit saw the gate on; the server's answer is held back until the page has shown it.
      await browserPage.addInitScript(() => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        const cached = { paymentGate: true, confetti: false, networkData: false, personalizedDashboard: false };
        localStorage.setItem('featureFlags', JSON.stringify(cached));
      });
      await browserPage.route('**/api/feature-flags', async (route) => {
        await held;
        answered = true;
        await route.continue();
      });
    });
    const gate = page.getByTestId('payment-gate');
    await gate.getByRole('heading', { name: 'Payment Required' }).waitFor();
    expect(answered).toBe(false);
    await screenshot(page, 'admin-cached-flags.png');

    release();
    await gate.waitFor({ state: 'detached' });
    await page.waitForFunction(() => (JSON.parse(localStorage.getItem('featureFlags') ?? '{}') as { paymentGate?: boolean }).paymentGate === false);
    expect(JSON.parse((await cachedFlags(page)) ?? 'null')).toEqual(server);
    expect(answered).toBe(true);
  });
});
