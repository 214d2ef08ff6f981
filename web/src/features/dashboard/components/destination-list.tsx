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
}

/** Where alerts go: each destination with its channel, its URL (secrets hidden by the server), Send test and Delete. */
export function DestinationList({ destinations, testingId, busy, onTest, onDelete }: DestinationListProps) {
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
              <Button type="button" label="Delete" icon="pi pi-trash" size="small" outlined severity="danger" disabled={busy} onClick={() => onDelete(destination)} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
