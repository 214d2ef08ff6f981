/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
// The payment-gate end-to-end tests' shared setup: the gate and confetti on for the file, funded
// visitor wallets on the local chain, and a page with an injected wallet.
import { JsonRpcProvider, Wallet, parseEther } from 'ethers';
import type { BrowserContext, Page } from 'playwright-core';
import { CALCULATOR_DEFAULTS, ZERO_ADDRESS } from '@shm/contracts';
import { adminTokenFor, publicFlags, setFlagAsAdmin, testClientIp } from './admin-api';
import { BASE_URL, DESKTOP, keepCalculatorDefaults, MOBILE, useBrowser } from './browser';
import { installWalletProvider, type InjectedWallet } from './wallet-provider';

export const RPC_URL = process.env.CHAIN_RPC_URL ?? 'http://127.0.0.1:8545';
/** Hardhat's default account #2 (a public dev key): it funds a fresh visitor wallet for each test. */
const FUNDER_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
const ip = testClientIp();

let adminToken: string;
/** The local chain (jest gives every test file its own copy of this module, so its own provider). */
export const chain = new JsonRpcProvider(RPC_URL, 8118, { staticNetwork: true, cacheTimeout: -1 });
const funder = new Wallet(FUNDER_KEY, chain);

export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The calculator refuses an anonymous calculation once it has heard that the gate is on (or serves it once off). */
const calcAnswers = async (status: number) =>
  (
    await fetch(`${BASE_URL}/api/calculations/economics`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ params: CALCULATOR_DEFAULTS, walletAddress: ZERO_ADDRESS }),
    })
  ).status === status;

async function setFlags(flags: Record<string, boolean>) {
  for (const [feature, enabled] of Object.entries(flags)) await setFlagAsAdmin(ip, adminToken, feature, enabled);
  await until(async () => {
    const now = await publicFlags();
    return Object.entries(flags).every(([k, v]) => now[k] === v);
  }, 'the public flags');
  await until(() => calcAnswers(flags.paymentGate ? 403 : 200), 'the calculator to follow the gate flag');
}

/**
 * Call at the top of a test file: one browser, the payment gate and confetti on for the file's
 * tests and off again after them (other end-to-end tests expect every flag off).
 */
export function usePaymentGate() {
  const chromium = useBrowser();
  beforeAll(async () => {
    adminToken = await adminTokenFor(ip);
    await setFlags({ paymentGate: true, confetti: true });
  });
  afterAll(async () => {
    await setFlags({ paymentGate: false, confetti: false }).catch((error: unknown) => console.error('could not reset the flags', error));
    chain.destroy();
  });
  return { chromium };
}

/** A new wallet holding `shm` SHM, so every test pays from a wallet with no history. */
export async function fundedVisitor(shm: string): Promise<string> {
  const visitor = Wallet.createRandom();
  const tx = await funder.sendTransaction({ to: visitor.address, value: parseEther(shm) });
  await tx.wait();
  return visitor.privateKey;
}

export interface Opened {
  page: Page;
  context: BrowserContext;
  injected: InjectedWallet;
}

export async function openWithWallet(
  chromium: ReturnType<typeof useBrowser>,
  pathname: string,
  privateKey: string,
  { mobile = false, clientIp }: { mobile?: boolean; clientIp?: string } = {},
): Promise<Opened> {
  // A client address of its own (clientIp) keeps a test's admin calls out of other tests' rate-limit window.
  const extraHTTPHeaders = clientIp ? { 'x-forwarded-for': clientIp } : undefined;
  const context = await chromium.newContext({ viewport: mobile ? MOBILE : DESKTOP, isMobile: mobile, hasTouch: mobile, extraHTTPHeaders });
  const injected = await installWalletProvider(context, { privateKey, rpcUrl: RPC_URL });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  // Keep the calculator's default parameters (as the calculator tests do): no live price or network overrides.
  await keepCalculatorDefaults(page);
  await page.goto(`${BASE_URL}${pathname}`);
  return { page, context, injected };
}

export const toast = (page: Page) => page.locator('.p-toast-message').last();
export const gate = (page: Page) => page.getByTestId('payment-gate');
export const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The JSON the page keeps in localStorage under `key`; throws when it keeps nothing there. */
export async function storedJson(page: Page, key: string): Promise<Record<string, unknown>> {
  const raw = await storage(page, key);
  if (raw === null) throw new Error(`the page keeps nothing under ${key}`);
  return JSON.parse(raw) as Record<string, unknown>;
}
export const closeToast = async (page: Page) => {
  const close = page.locator('.p-toast-icon-close');
  // A toast may close itself (its life ends) between the count and the click: nothing is left to
  // close then, so a click that finds it gone is not waited on; a few rounds for toasts stacked.
  for (let round = 0; round < 5 && (await close.count()) > 0; round += 1) {
    await close.first().click({ timeout: 2_000 }).catch(() => undefined);
  }
};

export async function connect(page: Page) {
  await gate(page).getByRole('button', { name: /Browser Wallet/ }).click();
  await gate(page).getByText('Wallet Connected', { exact: true }).waitFor();
}

