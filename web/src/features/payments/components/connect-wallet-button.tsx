import { Button } from 'primereact/button';
import { usePayment } from './payment-provider';

/** Connects the browser wallet and signs in (EIP-4361), as the gate card's Browser Wallet option does. */
export function ConnectWalletButton() {
  const { state, actions } = usePayment();
  const connecting = state.connection === 'connecting';
  return (
    <Button
      type="button"
      label={connecting ? 'Connecting…' : 'Connect Wallet'}
      icon="pi pi-wallet"
      size="small"
      outlined
      loading={connecting}
      disabled={connecting}
      onClick={() => void actions.connectBrowser()}
      data-testid="hint-connect-wallet"
    />
  );
}
