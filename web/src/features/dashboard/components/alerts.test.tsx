import { renderToStaticMarkup } from 'react-dom/server';
import type { AlertDestination, AlertsReply, Delivery, Notification } from '@shm/contracts';
import { ApiError } from '../../../lib/api-client';
import { dashboardKeys } from '../api/keys';
import { renderInDashboard, TEST_ADDRESS } from '../testing/render';
import { AlertsTab } from './alerts-tab';
import { DeliveryList } from './delivery-list';
import { DestinationForm } from './destination-form';
import { DestinationList } from './destination-list';
import { NotificationList } from './notification-list';

const noop = () => undefined;
const at = (hour: number) => `2026-03-10T${String(hour).padStart(2, '0')}:00:00.000Z`;

const discord: AlertDestination = {
  id: 'd1',
  walletAddress: TEST_ADDRESS,
  channel: 'discord',
  label: 'Ops room',
  urlPreview: 'https://discord.com/api/webhooks/…',
  chatId: null,
  signed: false,
  createdAt: at(8),
};
const telegram: AlertDestination = { ...discord, id: 'd2', channel: 'telegram', label: '', urlPreview: 'https://api.telegram.org/…', chatId: '-1001234' };
const signedHook: AlertDestination = { ...discord, id: 'd3', channel: 'webhook', label: 'My receiver', urlPreview: 'https://hooks.example.com/…', signed: true };
const oldHook: AlertDestination = { ...signedHook, id: 'd4', label: 'Old receiver', signed: false };

const notification = (id: string, hour: number, message: string): Notification => ({
  id,
  change: { id: `${hour}:key:activated`, publicKey: 'ab'.repeat(32), kind: 'activated', from: 'syncing', to: 'active', cycle: hour, at: at(hour) },
  nodeLabel: 'Home validator',
  message,
  createdAt: at(hour),
});
const delivery = (id: string, hour: number, overrides: Partial<Delivery>): Delivery => ({
  id,
  destinationId: 'd1',
  notificationId: 'n1',
  status: 'delivered',
  attempts: 1,
  lastError: null,
  test: false,
  createdAt: at(hour),
  updatedAt: at(hour),
  ...overrides,
});

/** A 400 as the server sends it, with per-field messages. */
const badRequest = (fields: Record<string, string>) =>
  new ApiError(400, 'Bad Request', JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'Invalid request', requestId: 'r1', fields } }));

describe('DestinationForm', () => {
  it('when the server named bad fields, then each message shows under its input and the input is marked invalid', () => {
    const html = renderToStaticMarkup(
      <DestinationForm pending={false} full={false} error={badRequest({ url: 'Must not point to a private address' })} onSubmit={noop} />,
    );
    expect(html).toMatch(/data-testid="destination-url-error"[^>]*>Must not point to a private address</);
    expect(html).toMatch(/id="destination-url"[^>]*aria-invalid="true"/);
  });

  it('when the channel is a webhook, then no chat id field; when Telegram, then the chat id field and Telegram’s URL hint', () => {
    const webhook = renderToStaticMarkup(<DestinationForm pending={false} full={false} error={null} onSubmit={noop} />);
    expect(webhook).not.toContain('destination-chatId');
    expect(webhook).toContain('Webhook URL');
    const tg = renderToStaticMarkup(
      <DestinationForm pending={false} full={false} error={badRequest({ chatId: 'Telegram needs a chat id' })} onSubmit={noop} initial={{ channel: 'telegram', url: '', chatId: '', label: '' }} />,
    );
    expect(tg).toContain('<label for="destination-chatId" class="field__label">Chat ID</label>');
    expect(tg).toContain('Telegram needs a chat id');
    expect(tg).toContain('Telegram URL');
    expect(tg).toContain('placeholder="https://api.telegram.org/bot&lt;token&gt;/sendMessage"');
  });

  it('when the wallet has as many destinations as it may keep, then the button is disabled and the form says why', () => {
    const html = renderToStaticMarkup(<DestinationForm pending={false} full error={null} onSubmit={noop} />);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="destination-submit"|<button[^>]*data-testid="destination-submit"[^>]*disabled=""/);
    expect(html).toContain('delete one to add another');
  });
});

describe('DestinationList', () => {
  it('when two destinations, then each shows its name (label, else channel), channel, hidden URL, Telegram chat, Send test and Delete', () => {
    const html = renderToStaticMarkup(<DestinationList destinations={[discord, telegram]} testingId={null} busy={false} onTest={noop} onDelete={noop} onRotate={noop} />);
    expect(html.match(/data-testid="destination-row"/g)).toHaveLength(2);
    expect(html).toMatch(/data-testid="destination-name">Ops room</);
    expect(html).toMatch(/data-testid="destination-name">Telegram</);
    expect(html).toContain('https://discord.com/api/webhooks/…');
    expect(html).toContain('data-testid="destination-chat">Chat -1001234<');
    expect(html.match(/>Send test</g)).toHaveLength(2);
    expect(html.match(/>Delete</g)).toHaveLength(2);
    // Discord and Telegram are not signed: no signing line, no Rotate secret.
    expect(html).not.toContain('destination-signing');
    expect(html).not.toContain('Rotate secret');
  });

  it('when webhooks, then each says whether its alerts are signed and offers Rotate secret; one added before signing says how to sign it', () => {
    const html = renderToStaticMarkup(<DestinationList destinations={[signedHook, oldHook]} testingId={null} busy={false} onTest={noop} onDelete={noop} onRotate={noop} />);
    const lines = [...html.matchAll(/data-testid="destination-signing"><i [^>]*><\/i> ([^<]*)</g)].map((m) => m[1]);
    expect(lines).toEqual(['Signed (Standard Webhooks)', 'Unsigned: added before alerts were signed. Rotate the secret to sign them.']);
    expect(html.match(/>Rotate secret</g)).toHaveLength(2);
  });
});

describe('NotificationList', () => {
  it('when notifications come in any order, then newest first with their message, node and time', () => {
    const html = renderToStaticMarkup(
      <NotificationList notifications={[notification('n1', 9, 'Home validator is active'), notification('n2', 11, 'Home validator left the active set')]} />,
    );
    const messages = [...html.matchAll(/data-testid="notification-message">([^<]*)</g)].map((m) => m[1]);
    expect(messages).toEqual(['Home validator left the active set', 'Home validator is active']);
    expect(html).toContain(`<time dateTime="${at(11)}">`);
  });

  it('when there are none, then what will appear here', () => {
    expect(renderToStaticMarkup(<NotificationList notifications={[]} />)).toContain('No alerts yet.');
  });

  it('when a loss and its recovery are listed, then the loss has a warning icon and the recovery a check, each row naming its phase', () => {
    const lost = { ...notification('n1', 9, 'Node Box was reported lost'), phase: 'problem', trigger: 'lost', episodeId: 'e1' } as const;
    const lostChange = { ...lost.change, kind: 'lost' } as const;
    const refuted = { ...notification('n2', 10, 'Recovered: Node Box refuted its loss'), phase: 'recovery', trigger: 'refuted', episodeId: 'e1' } as const;
    const html = renderToStaticMarkup(<NotificationList notifications={[{ ...lost, change: lostChange }, { ...refuted, change: { ...lost.change, kind: 'refuted' } }]} />);
    const rows = [...html.matchAll(/data-phase="(\w+)"><i class="pi ([\w-]+)/g)].map((m) => [m[1], m[2]]);
    expect(rows).toEqual([
      ['recovery', 'pi-check-circle'],
      ['problem', 'pi-exclamation-triangle'],
    ]);
  });
});

describe('DeliveryList', () => {
  const notifications = [notification('n1', 9, 'Home validator is active')];

  it('when delivered, retrying and dead-lettered, then each status in words, attempts and last error, and a note on the failed one', () => {
    const html = renderToStaticMarkup(
      <DeliveryList
        destinations={[discord]}
        notifications={notifications}
        deliveries={[
          delivery('x1', 9, {}),
          delivery('x2', 10, { status: 'retrying', attempts: 2, lastError: 'HTTP 500' }),
          delivery('x3', 11, { status: 'dead', attempts: 5, lastError: 'HTTP 503', destinationId: 'gone', test: true, notificationId: null }),
        ]}
      />,
    );
    const statuses = [...html.matchAll(/data-testid="delivery-row" data-status="([a-z]+)"/g)].map((m) => m[1]);
    expect(statuses).toEqual(['dead', 'retrying', 'delivered']);
    const details = [...html.matchAll(/data-testid="delivery-detail">([^<]*)</g)].map((m) => m[1]);
    expect(details).toEqual(['Failed after 5 attempts: HTTP 503', 'Retrying (2 attempts, last error: HTTP 500)', 'Delivered after 1 attempt']);
    expect(html).toContain('Test alert <span class="dashboard-feed__to">to a deleted destination</span>');
    expect(html).toContain('Home validator is active <span class="dashboard-feed__to">to &quot;Ops room&quot;</span>');
    expect(html).toMatch(/data-testid="deliveries-failed-note"[\s\S]*1 alert could not be delivered/);
  });

  it('when none failed, then no failure note', () => {
    const html = renderToStaticMarkup(<DeliveryList destinations={[discord]} notifications={notifications} deliveries={[delivery('x1', 9, {})]} />);
    expect(html).not.toContain('deliveries-failed-note');
  });
});

describe('AlertsTab', () => {
  it('when the alerts are loaded, then destinations with their count, the add form, notifications and deliveries show under their headings', () => {
    const reply: AlertsReply = {
      success: true,
      destinations: [discord],
      notifications: [notification('n1', 9, 'Home validator is active')],
      deliveries: [delivery('x1', 9, { status: 'dead', attempts: 5, lastError: 'timeout' })],
    };
    const html = renderInDashboard(<AlertsTab />, { cached: [[dashboardKeys.alerts(TEST_ADDRESS), reply]] });
    for (const heading of ['Destinations', 'Add Destination', 'Notifications', 'Deliveries']) expect(html).toContain(`>${heading}</h3>`);
    expect(html).toMatch(/data-testid="destination-count">1 of 5</);
    expect(html).toContain('Failed after 5 attempts: timeout');
    expect(html).toContain('refreshes every 15 s');
  });

  it('when the alerts are still loading, then a loading line and no lists', () => {
    const html = renderInDashboard(<AlertsTab />);
    expect(html).toContain('Loading your alerts');
    expect(html).not.toContain('Add Destination');
  });
});
