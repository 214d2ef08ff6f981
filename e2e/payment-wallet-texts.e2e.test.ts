/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
// Spec §8 wallet texts that only a browser shows honestly: the gate card's error line after a connect attempt.
import { Wallet } from 'ethers';
import { BASE_URL, DESKTOP, keepCalculatorDefaults, screenshot, waitForText } from './support/browser';
import { closeToast, connect, gate, openWithWallet, toast, usePaymentGate } from './support/payment-gate';

jest.setTimeout(120_000);

const { chromium } = usePaymentGate();

describe('wallet texts on the payment gate', () => {
  it('when the browser has no wallet and the site no WalletConnect, then Browser Wallet says no Web3 wallet was found', async () => {
    const context = await chromium.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await keepCalculatorDefaults(page);
    await page.goto(`${BASE_URL}/`);
    // The config has arrived once the page says WalletConnect is not set up (no project id in the test stack).
    await gate(page).getByText(/WalletConnect is not set up on this site/).waitFor();
    await gate(page).getByRole('button', { name: /Browser Wallet/ }).click();
    await waitForText(gate(page).locator('.wallet-connect__error'), 'No Web3 wallet found');
    await waitForText(toast(page), /Connection Failed\s*Could not connect wallet/);
  });

  it('when the wallet drops its accounts again soon after a reconnect, then the gate says the connection is unstable', async () => {
    const { page, injected } = await openWithWallet(chromium, '/', Wallet.createRandom().privateKey);
    await connect(page);
    await injected.emitAccountsChanged([]);
    await gate(page).getByRole('button', { name: /Browser Wallet/ }).waitFor();
    // Once is an ordinary disconnection (a wallet that locked): no error.
    expect(await gate(page).locator('.wallet-connect__error').count()).toBe(0);
    await connect(page);
    await injected.emitAccountsChanged([]);
    await waitForText(gate(page).locator('.wallet-connect__error'), 'Wallet connection is unstable. Please disconnect and reconnect your wallet.');
    await closeToast(page);
    await screenshot(page, 'payment-wallet-unstable.png');
  });
});
