import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';

interface ConfirmRotateProps {
  name: string;
  /** A webhook added before signing: its first secret, nothing stops working. */
  signed: boolean;
  pending: boolean;
  onConfirm: () => void;
  onHide: () => void;
}

/** Rotating asks first: the current secret stops signing at once, so the receiver must be updated. */
export function ConfirmRotate({ name, signed, pending, onConfirm, onHide }: ConfirmRotateProps) {
  const footer = (
    <div className="dashboard-dialog__footer">
      <Button type="button" label="Cancel" text onClick={onHide} disabled={pending} />
      <Button type="button" label="Rotate secret" icon="pi pi-refresh" loading={pending} onClick={onConfirm} data-testid="confirm-rotate" />
    </div>
  );
  return (
    <Dialog header="Rotate Signing Secret" visible onHide={onHide} footer={footer} className="dashboard-dialog dashboard-dialog--narrow" modal dismissableMask={!pending}>
      <div data-testid="confirm-rotate-dialog">
        <p>Make a new signing secret for {name}?</p>
        <p className="dashboard-note">
          <i className="pi pi-info-circle" aria-hidden="true" />{' '}
          {signed
            ? 'The current secret stops signing at once: alerts from now on, retries included, are signed with the new one. Put the new secret in your receiver right away.'
            : 'Its alerts are sent unsigned until now; from now on they are signed with the new secret.'}
        </p>
      </div>
    </Dialog>
  );
}
