/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
import { ADMIN_PRIVATE_KEY, testClientIp } from './support/admin-api';
import { screenshot, waitForText } from './support/browser';
import { closeToast, connect, fundedVisitor, gate, openWithWallet, storage, toast, usePaymentGate } from './support/payment-gate';

jest.setTimeout(180_000);

const { chromium } = usePaymentGate();
const open = (pathname: string, privateKey: string, options?: { mobile?: boolean; clientIp?: string }) =>
  openWithWallet(chromium, pathname, privateKey, options);

describe('admin page with the payment gate', () => {
  it('when a wallet pays on the admin page, then the event stream confirms it, Payment Verified shows, and Clear Session requires payment again', async () => {
    const key = await fundedVisitor('1');
    const { page } = await open('/shm/admin', key);
    // verify-payment never answers here: the confirmation can only arrive through the server-sent events.
    await page.route('**/api/verify-payment', () => new Promise<void>(() => {}));
    await page.getByText('Admin Panel', { exact: true }).waitFor();
    await gate(page).getByRole('heading', { name: 'Payment Required' }).waitFor();
    await connect(page);
    await waitForText(page.getByTestId('wallet-balance'), /^1\.0000 SHM/);
    await page.getByTestId('pay-button').click();
    await waitForText(toast(page), /Payment Successful\s*You now have access to all calculator features!/, 60_000);
    await page.getByText('Payment Verified', { exact: true }).waitFor();
    const clear = page.getByTestId('clear-session');
    await clear.waitFor();
    await closeToast(page);
    await screenshot(page, 'admin-payment-verified.png');

    await clear.getByRole('button', { name: 'Clear Session' }).click();
    await waitForText(toast(page), /Session Cleared\s*Payment will be required to access results again\./);
    await gate(page).waitFor();
    expect(await page.getByText('Payment Verified', { exact: true }).count()).toBe(0);
    expect(await storage(page, 'paymentSession')).toBeNull();
    // The server agrees: the wallet has no access any more.
    await page.reload();
    await gate(page).getByText('Wallet Connected', { exact: true }).waitFor();
    expect(await page.getByTestId('session-banner').count()).toBe(0);
  });

  it('when the admin disconnects with a wallet connected on the page, then the wallet is disconnected too and one confirmation shows', async () => {
    const { page } = await open('/shm/admin', ADMIN_PRIVATE_KEY, { clientIp: testClientIp() });
    await gate(page).getByRole('heading', { name: 'Payment Required' }).waitFor();
    await connect(page);
    await closeToast(page);
    await page.getByRole('button', { name: 'Authenticate Admin' }).click();
    await page.getByText('Admin Authenticated', { exact: true }).waitFor();
    expect(await storage(page, 'wallet_type')).toBe('browser');
    await closeToast(page);

    await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await waitForText(toast(page), /Disconnected\s*Admin session has been securely invalidated/);
    await page.getByRole('button', { name: 'Authenticate Admin' }).waitFor();
    // The payment wallet went too (spec §4 "Admin session"): the gate offers the connect options again.
    await gate(page).getByRole('button', { name: /Browser Wallet/ }).waitFor();
    expect(await gate(page).getByText('Wallet Connected', { exact: true }).count()).toBe(0);
    expect(await storage(page, 'adminToken')).toBeNull();
    expect(await storage(page, 'walletDisconnected')).toBe('true');
    expect(await storage(page, 'wallet_type')).toBeNull();
    const signedIn = await page.evaluate(async () => ((await (await fetch('/api/auth/session', { credentials: 'include' })).json()) as { authenticated?: boolean }).authenticated);
    expect(signedIn).toBe(false);
    expect(await page.locator('.p-toast-message').count()).toBe(1);
    await screenshot(page, 'admin-disconnect-with-wallet.png');
  });
});
