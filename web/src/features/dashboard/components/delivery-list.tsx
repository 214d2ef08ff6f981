import type { AlertDestination, Delivery, Notification } from '@shm/contracts';
import { Tag } from 'primereact/tag';
import { destinationName } from '../utils/alert-form';
import { newestFirst } from '../utils/alert-lists';
import { formatMoment } from '../utils/dates';
import { describeDelivery } from '../utils/deliveries';

interface DeliveryListProps {
  deliveries: Delivery[];
  destinations: AlertDestination[];
  notifications: Notification[];
}

/** What each delivery carried: the sample of a test, else the alert's message. */
function subject(delivery: Delivery, notifications: Notification[]): string {
  if (delivery.test) return 'Test alert';
  return notifications.find((n) => n.id === delivery.notificationId)?.message ?? 'Node alert';
}

/**
 * Every alert sent to a destination and how it went, newest first: delivered, retrying (attempts and
 * the last error) or failed after the last attempt (dead-lettered), with a note above when any failed.
 */
export function DeliveryList({ deliveries, destinations, notifications }: DeliveryListProps) {
  if (deliveries.length === 0) {
    return (
      <p className="dashboard-empty" data-testid="deliveries-empty">
        Nothing sent yet. Alerts to your destinations, and their tests, show here with how their delivery went.
      </p>
    );
  }
  const failed = deliveries.filter((d) => d.status === 'dead').length;
  const nameOf = (id: string) => {
    const destination = destinations.find((d) => d.id === id);
    return destination ? destinationName(destination) : 'a deleted destination';
  };
  return (
    <>
      {failed > 0 ? (
        <p className="dashboard-error" data-testid="deliveries-failed-note">
          <span>
            <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {failed === 1 ? '1 alert' : `${failed} alerts`} could not be delivered
            after the last retry. Check the destination, then use Send test.
          </span>
        </p>
      ) : null}
      <ul className="dashboard-feed" aria-label="Deliveries" data-testid="delivery-list">
        {newestFirst(deliveries).map((delivery) => {
          const look = describeDelivery(delivery);
          return (
            <li key={delivery.id} className="dashboard-feed__item" data-testid="delivery-row" data-status={delivery.status} data-delivery-id={delivery.id}>
              <span className="dashboard-badge dashboard-feed__badge" data-testid="delivery-status">
                <Tag value={look.label} icon={look.icon} severity={look.severity} />
              </span>
              <div className="dashboard-feed__body">
                <p className="dashboard-feed__text">
                  {subject(delivery, notifications)} <span className="dashboard-feed__to">to {nameOf(delivery.destinationId)}</span>
                </p>
                <p className="dashboard-row__meta">
                  <span data-testid="delivery-detail">{look.detail}</span> ·{' '}
                  <time dateTime={delivery.updatedAt}>{formatMoment(delivery.updatedAt)}</time>
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
