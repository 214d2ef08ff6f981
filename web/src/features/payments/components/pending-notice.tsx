import { Button } from 'primereact/button';
import { shortenAddress } from '../../../lib/format';
import { usePayment } from './payment-provider';

/** A payment sent but not yet verified (spec §2.5): Verify Payment and Start New Payment. */
export function PendingNotice() {
  const { state, actions, config } = usePayment();
  const hash = state.pendingHash ?? '';
  const verifying = state.step === 'verifying';
  const explorer = config?.payment.explorerUrl;
  return (
    <div className="pending-notice" role="status" data-testid="payment-pending">
      <div className="pending-notice__head">
        <i className={verifying ? 'pi pi-spin pi-spinner' : 'pi pi-clock'} aria-hidden="true" />
        <h3 className="pending-notice__title">Payment Pending</h3>
      </div>
      <p>
        Your payment transaction{' '}
        {explorer ? <a href={`${explorer}/tx/${hash}`} target="_blank" rel="noreferrer" className="mono">{shortenAddress(hash)}</a> : <span className="mono">{shortenAddress(hash)}</span>}{' '}
        was sent. It is being verified on the blockchain; this page updates by itself when it is confirmed.
      </p>
      {state.verifyNote ? <p className="pending-notice__note">{state.verifyNote}</p> : null}
      {state.error ? <p className="payment-error" role="alert">{state.error}</p> : null}
      <div className="pay-panel__actions">
        <Button type="button" label="Verify Payment" icon="pi pi-check" loading={verifying} disabled={verifying} onClick={() => void actions.verifyPending()} />
        <Button type="button" label="Start New Payment" icon="pi pi-replay" severity="secondary" outlined disabled={verifying} onClick={actions.startNewPayment} />
      </div>
    </div>
  );
}
