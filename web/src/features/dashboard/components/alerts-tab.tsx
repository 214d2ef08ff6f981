import { useState } from 'react';
import { DASHBOARD_LIMITS, type AlertDestination } from '@shm/contracts';
import { ALERTS_REFRESH_MS, useAlerts } from '../api/get-alerts';
import { useDashboard } from '../hooks/dashboard-context';
import { useAlertActions } from '../hooks/use-alert-actions';
import { destinationName, toDestinationRequest } from '../utils/alert-form';
import { ConfirmDelete } from './confirm-delete';
import { ConfirmRotate } from './confirm-rotate';
import { DeliveryList } from './delivery-list';
import { DestinationForm } from './destination-form';
import { DestinationList } from './destination-list';
import { NotificationList } from './notification-list';
import { QueryState } from './query-state';
import { SigningSecretDialog } from './signing-secret-dialog';

/**
 * Alerts (issue 19), under the portfolio's entries (spec §2.6 keeps four tabs): where the wallet is
 * told when a linked node changes, what it was told, and how each delivery went. Asks again every
 * 15 s while the Portfolio tab is open (the tab view mounts the open tab only).
 */
export function AlertsTab() {
  const { address } = useDashboard();
  const alerts = useAlerts(address);
  const actions = useAlertActions(address);
  const [deleting, setDeleting] = useState<AlertDestination | null>(null);
  const [rotating, setRotating] = useState<AlertDestination | null>(null);
  // A webhook's secret, shown once: after it is added, or rotated.
  const [secret, setSecret] = useState<{ name: string; secret: string; rotated: boolean } | null>(null);
  const data = alerts.data;
  const destinations = data?.destinations ?? [];
  const full = destinations.length >= DASHBOARD_LIMITS.alertDestinations;

  return (
    <section className="dashboard-tab" data-testid="alerts-tab" aria-labelledby="alerts-title">
      <h3 id="alerts-title" className="dashboard-panel__title">
        <i className="pi pi-bell" aria-hidden="true" /> Node Alerts
      </h3>
      <div className="dashboard-tab__toolbar">
        <p className="dashboard-tab__intro">
          Be told when a linked node goes active, leaves the active set, is lost or removed, or vanishes: here, and at a webhook, Discord or
          Telegram. This list refreshes every {ALERTS_REFRESH_MS / 1000} s while the portfolio is open.
        </p>
      </div>
      <QueryState what="alerts" isPending={alerts.isPending} error={alerts.error} onRetry={() => void alerts.refetch()} />
      {data ? (
        <>
          <section className="dashboard-panel" aria-labelledby="alerts-destinations-title">
            <div className="dashboard-panel__head">
              <h3 id="alerts-destinations-title" className="dashboard-panel__title">
                Destinations
              </h3>
              <span className="dashboard-row__meta" data-testid="destination-count">
                {destinations.length} of {DASHBOARD_LIMITS.alertDestinations}
              </span>
            </div>
            {destinations.length === 0 ? (
              <p className="dashboard-empty">No destinations yet. Alerts still appear under Notifications below.</p>
            ) : (
              <DestinationList
                destinations={destinations}
                testingId={actions.test.isPending ? (actions.test.variables ?? null) : null}
                busy={actions.test.isPending || actions.remove.isPending || actions.rotate.isPending}
                onTest={actions.sendTest}
                onDelete={setDeleting}
                onRotate={setRotating}
              />
            )}
          </section>
          <DestinationForm
            pending={actions.create.isPending}
            full={full}
            error={actions.create.error}
            onSubmit={(values, reset) =>
              actions.addDestination(toDestinationRequest(values), (created) => {
                reset();
                actions.create.reset();
                if (created.secret) setSecret({ name: destinationName(created.destination), secret: created.secret, rotated: false });
              })
            }
          />
          <section className="dashboard-panel" aria-labelledby="alerts-notifications-title">
            <h3 id="alerts-notifications-title" className="dashboard-panel__title">
              Notifications
            </h3>
            <NotificationList notifications={data.notifications} />
          </section>
          <section className="dashboard-panel" aria-labelledby="alerts-deliveries-title">
            <h3 id="alerts-deliveries-title" className="dashboard-panel__title">
              Deliveries
            </h3>
            <DeliveryList deliveries={data.deliveries} destinations={destinations} notifications={data.notifications} />
          </section>
        </>
      ) : null}
      {deleting ? (
        <ConfirmDelete
          visible
          title="Delete Destination"
          message={<>Delete the destination {destinationName(deleting)}? Alerts will no longer be sent there.</>}
          pending={actions.remove.isPending}
          onConfirm={() => actions.deleteDestination(deleting, () => setDeleting(null))}
          onHide={() => setDeleting(null)}
        />
      ) : null}
      {rotating ? (
        <ConfirmRotate
          name={destinationName(rotating)}
          signed={rotating.signed}
          pending={actions.rotate.isPending}
          onConfirm={() =>
            actions.rotateSecret(rotating, (rotated) => {
              setSecret({ name: destinationName(rotating), secret: rotated, rotated: rotating.signed });
              setRotating(null);
            })
          }
          onHide={() => setRotating(null)}
        />
      ) : null}
      {secret ? <SigningSecretDialog {...secret} onHide={() => setSecret(null)} /> : null}
    </section>
  );
}
