import { useState } from 'react';
import { Button } from 'primereact/button';
import { usePayment } from './payment-provider';

/** Spec §2.8: on the admin page, with the gate on, end the paid session so payment is required again. */
export function ClearSessionControl() {
  const { state, actions } = usePayment();
  const [busy, setBusy] = useState(false);
  const clear = () => {
    setBusy(true);
    void actions.clearSession().finally(() => setBusy(false));
  };
  return (
    <section className="clear-session" aria-label="Payment session" data-testid="clear-session">
      <div>
        <h3 className="clear-session__title">Payment Session</h3>
        <p className="clear-session__text">End this wallet’s paid access now; payment will be required to see results again.</p>
      </div>
      <Button type="button" label="Clear Session" icon="pi pi-eraser" severity="danger" outlined loading={busy} disabled={busy || !state.isPaid} onClick={clear} />
    </section>
  );
}
