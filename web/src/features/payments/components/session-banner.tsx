import { Button } from 'primereact/button';
import { shortenAddress } from '../../../lib/format';
import { usePayment } from './payment-provider';
import { sessionExpiryText } from '../utils/countdown';

/** Spec §2.5 session banner: 'Payment Confirmed', the wallet, the countdown and 'Disconnect Wallet'. */
export function SessionBanner() {
  const { state, actions, hoursRemaining } = usePayment();
  return (
    <section className="session-banner" aria-label="Payment session" data-testid="session-banner">
      <i className="pi pi-verified session-banner__icon" aria-hidden="true" />
      <div className="session-banner__text">
        <strong>Payment Confirmed</strong>
        <span className="mono">{shortenAddress(state.walletAddress)}</span>
        <span className="session-banner__expiry" data-testid="session-expiry">
          {sessionExpiryText(hoursRemaining)}
        </span>
      </div>
      <Button
        type="button"
        label="Disconnect Wallet"
        icon="pi pi-sign-out"
        severity="secondary"
        outlined
        size="small"
        loading={state.disconnecting}
        disabled={state.disconnecting}
        onClick={() => void actions.disconnect()}
      />
    </section>
  );
}
