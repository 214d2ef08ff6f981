import { Button } from 'primereact/button';
import { shortenAddress } from '../../../lib/format';
import { usePayment } from '../hooks/payment-context';

/** Spec §2.1 header: when paid, the wallet (first 6, last 4) and a Disconnect button. */
export function HeaderWallet() {
  const { state, actions } = usePayment();
  if (!state.isPaid || !state.walletAddress) return null;
  return (
    <div className="header-wallet" data-testid="header-wallet">
      <span className="header-wallet__address" title={state.walletAddress}>
        <i className="pi pi-wallet" aria-hidden="true" /> {shortenAddress(state.walletAddress)}
      </span>
      <Button
        type="button"
        label="Disconnect"
        icon="pi pi-sign-out"
        size="small"
        outlined
        className="header-wallet__disconnect"
        loading={state.disconnecting}
        disabled={state.disconnecting}
        onClick={() => void actions.disconnect()}
      />
    </div>
  );
}
