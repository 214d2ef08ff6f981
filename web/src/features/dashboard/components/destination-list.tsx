import type { AlertDestination } from '@shm/contracts';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { CHANNELS } from '../utils/alert-form';

interface DestinationListProps {
  destinations: AlertDestination[];
  /** The destination whose test is being queued (its button spins). */
  testingId: string | null;
  busy: boolean;
  onTest: (destination: AlertDestination) => void;
  onDelete: (destination: AlertDestination) => void;
  /** Webhooks only: Discord and Telegram are not signed (their URL is their secret). */
  onRotate: (destination: AlertDestination) => void;
}

/**
 * Where alerts go: each destination with its channel, its URL (secrets hidden by the server), whether a
 * webhook's alerts are signed, Send test, Rotate secret (webhooks) and Delete.
 */
export function DestinationList({ destinations, testingId, busy, onTest, onDelete, onRotate }: DestinationListProps) {
  return (
    <ul className="dashboard-list" aria-label="Alert destinations">
      {destinations.map((destination) => {
        const channel = CHANNELS[destination.channel];
        return (
          <li key={destination.id} className="dashboard-row dashboard-row--compact" data-testid="destination-row" data-destination-id={destination.id}>
            <div className="dashboard-row__main">
              <div className="dashboard-row__title-group">
                <h4 className="dashboard-row__title" data-testid="destination-name">
                  {destination.label.trim() || channel.label}
                </h4>
                <Tag value={channel.label} icon={channel.icon} severity="secondary" />
              </div>
              <p className="dashboard-row__meta dashboard-key">
                <span className="dashboard-key__text" data-testid="destination-url">
                  {destination.urlPreview}
                </span>
                {destination.chatId ? <span data-testid="destination-chat">Chat {destination.chatId}</span> : null}
              </p>
              {destination.channel === 'webhook' ? (
                <p className="dashboard-row__meta" data-testid="destination-signing">
                  {destination.signed ? (
                    <>
                      <i className="pi pi-lock" aria-hidden="true" /> Signed (Standard Webhooks)
                    </>
                  ) : (
                    <>
                      <i className="pi pi-exclamation-triangle" aria-hidden="true" /> Unsigned: added before alerts were signed. Rotate the secret to sign them.
                    </>
                  )}
                </p>
              ) : null}
            </div>
            <div className="dashboard-row__actions">
              <Button
                type="button"
                label="Send test"
                icon="pi pi-send"
                size="small"
                outlined
                loading={testingId === destination.id}
                disabled={busy}
                onClick={() => onTest(destination)}
              />
              {destination.channel === 'webhook' ? (
                <Button type="button" label="Rotate secret" icon="pi pi-refresh" size="small" outlined severity="secondary" disabled={busy} onClick={() => onRotate(destination)} />
              ) : null}
              <Button type="button" label="Delete" icon="pi pi-trash" size="small" outlined severity="danger" disabled={busy} onClick={() => onDelete(destination)} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
