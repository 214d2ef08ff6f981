/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
// Signed webhooks through the page (docs/alerts.md, "Signed webhooks"): a webhook added in the
// Node Alerts section shows its secret once, a real receiver verifies the test alert with it using
// the Standard Webhooks library, and Rotate secret shows a new one after which the old one fails.
import path from 'node:path';
import { Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '@shm/platform/testing';
import { blockingViolations } from './support/axe';
import { BASE_URL, DESKTOP, MOBILE, SCREENSHOTS, waitForText } from './support/browser';
import { dashboard, dialog, fitsWidth, tab, useDashboardFlag, waitForCount } from './support/dashboard';
import { closeToast, openWithWallet, toast } from './support/payment-gate';

jest.setTimeout(180_000);

const { chromium } = useDashboardFlag();
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const SECRET_FORMAT = /^whsec_[A-Za-z0-9+/]{43}=$/;

/** The dialog's secret, checked at 1280 and 390 px and with axe, then closed with Done. */
async function readSecret(page: Page, title: string, shot: string): Promise<string> {
  const shown = dialog(page, title);
  await waitForText(shown, /Copy this secret now: it will not be shown again\./);
  const secret = await shown.getByTestId('signing-secret-value').inputValue();
  expect(secret).toMatch(SECRET_FORMAT);
  // The copy button puts exactly the secret on the clipboard.
  await shown.getByTestId('signing-secret-copy').click();
  await waitForText(shown.getByTestId('signing-secret-copy'), 'Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await closeToast(page);
  // The pointer off the button: its hover shade is the theme's (every outlined button), not this dialog's.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await shown.screenshot({ path: path.join(SCREENSHOTS, `${shot}-desktop.png`) });
  expect(await blockingViolations(page)).toEqual([]);
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(300);
  expect(await fitsWidth(page)).toBe(true);
  await shown.screenshot({ path: path.join(SCREENSHOTS, `${shot}-mobile.png`) });
  await page.setViewportSize(DESKTOP);
  await shown.getByRole('button', { name: 'Done' }).click();
  await shown.waitFor({ state: 'detached' });
  return secret;
}

/** Sends a test alert from the row and answers what the receiver got for it. */
async function testAlert(page: Page, row: ReturnType<Page['getByTestId']>) {
  const before = receiver.attempts.length;
  await row.getByRole('button', { name: 'Send test' }).click();
  await waitForText(toast(page), /Test Sent/);
  await closeToast(page);
  return eventually(() => receiver.attempts[before], 'the test alert at the receiver');
}

describe('signed webhooks in the Node Alerts section', () => {
  it('when a webhook is added and its secret rotated, then each secret is shown once and verifies the alerts sent after it, the old one no longer', async () => {
    const { page, context } = await openWithWallet(chromium, '/', Wallet.createRandom().privateKey);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    await page.getByTestId('dashboard-hint').getByRole('button', { name: 'Connect Wallet' }).click();
    await dashboard(page).waitFor();
    await closeToast(page);
    await tab(page, 'Portfolio').click();
    const alerts = page.getByTestId('alerts-tab');
    await alerts.getByLabel('Webhook URL').fill(receiver.url);
    await alerts.getByLabel('Label (optional)').fill('Signed receiver');
    await alerts.getByTestId('destination-submit').click();
    const first = await readSecret(page, 'Signing Secret', 'alerts-secret');

    const row = alerts.getByTestId('destination-row');
    await waitForCount(row, 1);
    await waitForText(row.getByTestId('destination-signing'), 'Signed (Standard Webhooks)');
    // The list never carries the secret.
    expect(await page.content()).not.toContain(first.slice('whsec_'.length));
    const signed = await testAlert(page, row);
    expect(signed.headers['webhook-id']).toBe(signed.idempotencyKey);
    expect(new Webhook(first).verify(signed.raw, signed.headers)).toMatchObject({ type: 'test', message: 'Test alert for Signed receiver: this destination works' });

    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(300);
    expect(await fitsWidth(page)).toBe(true);
    await alerts.scrollIntoViewIfNeeded();
    await alerts.screenshot({ path: path.join(SCREENSHOTS, 'alerts-signed-mobile.png') });
    await page.setViewportSize(DESKTOP);

    await row.getByRole('button', { name: 'Rotate secret' }).click();
    const confirm = dialog(page, 'Rotate Signing Secret');
    await waitForText(confirm, /Make a new signing secret for "Signed receiver"\?[\s\S]*The current secret stops signing at once/);
    // After the dialog's opening fade: axe read its colours half faded in once (contrast 2.8–3.2).
    await page.waitForTimeout(400);
    expect(await blockingViolations(page)).toEqual([]);
    await confirm.getByTestId('confirm-rotate').click();
    await confirm.waitFor({ state: 'detached' });
    const second = await readSecret(page, 'New Signing Secret', 'alerts-rotated-secret');
    expect(second).not.toBe(first);

    const rotated = await testAlert(page, row);
    expect(() => new Webhook(first).verify(rotated.raw, rotated.headers)).toThrow(new WebhookVerificationError('No matching signature found'));
    expect(new Webhook(second).verify(rotated.raw, rotated.headers)).toMatchObject({ type: 'test' });
    await alerts.scrollIntoViewIfNeeded();
    await alerts.screenshot({ path: path.join(SCREENSHOTS, 'alerts-signed-desktop.png') });
    expect(await blockingViolations(page)).toEqual([]);
  });
});
