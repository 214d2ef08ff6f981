import { Button } from 'primereact/button';
import { shortenAddress } from '../../../lib/format';
import { usePayment } from './payment-provider';

/**
 * Spec §2.1 header: when paid, the wallet (first 6, last 4) and a Disconnect button. With
 * `showWhenConnected` (the dashboard flag) a connected wallet shows too, paid or not, so it can be disconnected.
 */
export function HeaderWallet({ showWhenConnected = false }: { showWhenConnected?: boolean }) {
  const { state, actions } = usePayment();
  if (!(state.isPaid || (showWhenConnected && state.walletConnected)) || !state.walletAddress) return null;
  return (
    <div className="header-wallet" data-testid="header-wallet">
      <span className="header-wallet__address" title={state.walletAddress}>
        <i className="pi pi-wallet" aria-hidden="true" /> {shortenAddress(state.walletAddress)}
      </span>
      <Button type="button" label="Disconnect" icon="pi pi-sign-out" size="small" outlined className="header-wallet__disconnect" loading={state.disconnecting} disabled={state.disconnecting} onClick={() => void actions.disconnect()} />
    </div>
  );
}

/** Connects the browser wallet and signs in (EIP-4361), as the gate card's Browser Wallet option does. */
export function ConnectWalletButton() {
  const { state, actions } = usePayment();
  const connecting = state.connection === 'connecting';
  return <Button type="button" label={connecting ? 'Connecting…' : 'Connect Wallet'} icon="pi pi-wallet" size="small" outlined loading={connecting} disabled={connecting} onClick={() => void actions.connectBrowser()} data-testid="hint-connect-wallet" />;
}
