import { Button } from 'primereact/button';
import { shortenAddress } from '../../../lib/format';
import { DEFAULT_TIME_REMAINING, formatTimeRemaining, sessionExpiryText } from '../utils/countdown';
import { usePayment } from './payment-provider';
import './payments.css';

/** Above the results when paid: the success view right after paying, else the session banner. */
export function PaymentStatusPanel() {
  const { state } = usePayment();
  if (!state.isPaid) return null;
  return state.justPaid ? <PaymentSuccess /> : <SessionBanner />;
}

/** Spec §2.5 success view: 'Payment Successful', hours remaining, the wallet and the transaction on the explorer. */
function PaymentSuccess() {
  const { state, actions, config, hoursRemaining } = usePayment();
  const explorer = config?.payment.explorerUrl;
  const hash = state.transactionHash;
  return (
    <section className="payment-success" aria-labelledby="payment-success-title" data-testid="payment-success">
      <span className="payment-success__icon" aria-hidden="true">
        <i className="pi pi-check" />
      </span>
      <div className="payment-success__body">
        <h2 id="payment-success-title" className="payment-success__title">Payment Successful</h2>
        <p>
          Access granted: <strong data-testid="hours-remaining">{hoursRemaining === null ? DEFAULT_TIME_REMAINING : formatTimeRemaining(hoursRemaining)}</strong>{' '}
          remaining.
        </p>
        <p>
          Wallet <span className="mono">{shortenAddress(state.walletAddress)}</span>
        </p>
        {explorer && hash ? (
          <a href={`${explorer}/tx/${hash}`} target="_blank" rel="noreferrer" data-testid="explorer-link">
            View transaction on the block explorer <i className="pi pi-external-link" aria-hidden="true" />
          </a>
        ) : null}
      </div>
      <Button type="button" label="Continue" severity="success" outlined onClick={actions.dismissSuccess} />
    </section>
  );
}

/** Spec §2.5 session banner: 'Payment Confirmed', the wallet, the countdown and 'Disconnect Wallet'. */
function SessionBanner() {
  const { state, actions, hoursRemaining } = usePayment();
  return (
    <section className="session-banner" aria-label="Payment session" data-testid="session-banner">
      <i className="pi pi-verified session-banner__icon" aria-hidden="true" />
      <div className="session-banner__text">
        <strong>Payment Confirmed</strong>
        <span className="mono">{shortenAddress(state.walletAddress)}</span>
        <span className="session-banner__expiry" data-testid="session-expiry">{sessionExpiryText(hoursRemaining)}</span>
      </div>
      <Button type="button" label="Disconnect Wallet" icon="pi pi-sign-out" severity="secondary" outlined size="small" loading={state.disconnecting} disabled={state.disconnecting} onClick={() => void actions.disconnect()} />
    </section>
  );
}
