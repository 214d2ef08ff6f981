import type { AlertTrigger, Notification } from '@shm/contracts';
import { formatMoment } from '../utils/dates';
import { newestFirst } from '../utils/alert-lists';

/**
 * An icon per trigger; the message says it in words. Only icons the app already draws elsewhere: each
 * new icon class adds a CSS rule to the first page's budgeted stylesheet.
 */
const TRIGGER_ICON: Partial<Record<AlertTrigger, string>> = {
  activated: 'pi pi-check-circle',
  removed: 'pi pi-sign-out',
  apoptosized: 'pi pi-power-off',
  lost: 'pi pi-exclamation-triangle',
  'standby-removed': 'pi pi-exclamation-triangle',
  'stuck-active': 'pi pi-exclamation-triangle',
  vanished: 'pi pi-eye-slash',
  penalty: 'pi pi-exclamation-triangle',
  'version-below-minimum': 'pi pi-exclamation-triangle',
};
/** A recovery is a check whatever ended the problem; older notifications have no phase and go by their change. */
const iconOf = ({ phase, trigger, change }: Notification) => (phase === 'recovery' ? 'pi pi-check-circle' : TRIGGER_ICON[trigger ?? change.kind]) ?? 'pi pi-info-circle';

/** The in-app alerts: one per change of a linked node, newest first. */
export function NotificationList({ notifications }: { notifications: Notification[] }) {
  if (notifications.length === 0) {
    return (
      <p className="dashboard-empty" data-testid="notifications-empty">
        No alerts yet. One appears here when a linked node is selected, goes active, rotates out, is lost or apoptosized, is dropped from the standby list, stays active far longer
        than usual, runs a version below the network's minimum, or vanishes from every list, when the chain takes a penalty from its stake, and when such a problem is over.
      </p>
    );
  }
  return (
    <ul className="dashboard-feed" aria-label="Notifications" data-testid="notification-list">
      {newestFirst(notifications).map((notification) => (
        <li key={notification.id} className="dashboard-feed__item" data-testid="notification-row" data-kind={notification.change.kind} data-phase={notification.phase}>
          <i className={`${iconOf(notification)} dashboard-feed__icon`} aria-hidden="true" />
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
