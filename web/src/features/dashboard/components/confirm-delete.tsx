import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';

interface ConfirmDeleteProps {
  visible: boolean;
  title: string;
  message: ReactNode;
  /** An extra warning (spec §5: deleting the default profile). */
  note?: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  onHide: () => void;
}

/** Every delete asks first (spec §5); nothing is deleted until 'Delete' is pressed. */
export function ConfirmDelete({ visible, title, message, note, pending, onConfirm, onHide }: ConfirmDeleteProps) {
  const footer = (
    <div className="dashboard-dialog__footer">
      <Button type="button" label="Cancel" text onClick={onHide} disabled={pending} />
      <Button type="button" label="Delete" icon="pi pi-trash" severity="danger" loading={pending} onClick={onConfirm} data-testid="confirm-delete" />
    </div>
  );
  return (
    <Dialog header={title} visible={visible} onHide={onHide} footer={footer} className="dashboard-dialog dashboard-dialog--narrow" modal dismissableMask={!pending}>
      <div data-testid="confirm-delete-dialog">
        <p>{message}</p>
        {note ? (
          <p className="dashboard-note" data-testid="confirm-delete-note">
            <i className="pi pi-info-circle" aria-hidden="true" /> {note}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
