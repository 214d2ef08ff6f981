import type { Notification, NodeChangeKind } from '@shm/contracts';
import { formatMoment } from '../utils/dates';
import { newestFirst } from '../utils/alert-lists';

/** An icon per change; the message says it in words. */
const KIND_ICON: Partial<Record<NodeChangeKind, string>> = {
  activated: 'pi pi-check-circle',
  removed: 'pi pi-sign-out',
  apoptosized: 'pi pi-power-off',
  lost: 'pi pi-exclamation-triangle',
  vanished: 'pi pi-eye-slash',
};

/** The in-app alerts: one per change of a linked node, newest first. */
export function NotificationList({ notifications }: { notifications: Notification[] }) {
  if (notifications.length === 0) {
    return (
      <p className="dashboard-empty" data-testid="notifications-empty">
        No alerts yet. One appears here when a linked node goes active, leaves the active set, is lost or removed, or vanishes from every list.
      </p>
    );
  }
  return (
    <ul className="dashboard-feed" aria-label="Notifications" data-testid="notification-list">
      {newestFirst(notifications).map((notification) => (
        <li key={notification.id} className="dashboard-feed__item" data-testid="notification-row" data-kind={notification.change.kind}>
          <i className={`${KIND_ICON[notification.change.kind] ?? 'pi pi-info-circle'} dashboard-feed__icon`} aria-hidden="true" />
          <div className="dashboard-feed__body">
            <p className="dashboard-feed__text" data-testid="notification-message">
              {notification.message}
            </p>
            <p className="dashboard-row__meta">
              {notification.nodeLabel} · <time dateTime={notification.createdAt}>{formatMoment(notification.createdAt)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
