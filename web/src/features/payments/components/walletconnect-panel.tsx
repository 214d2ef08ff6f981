import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { QRCodeSVG } from 'qrcode.react';
import { usePayment } from './payment-provider';

/**
 * Pairs through WalletConnect v2: the pairing URI as a QR code (and on a phone a link that opens the
 * wallet app); the wallet approves within 60 s or the attempt ends with 'Connection timeout'.
 */
export default function WalletConnectPanel({ mobile, onClose }: { mobile: boolean; onClose: () => void }) {
  const { state, actions } = usePayment();
  const [uri, setUri] = useState<string | null>(null);
  const attempt = useRef<AbortController | null>(null);

  useEffect(() => {
    if (attempt.current) return; // once per opening, also under StrictMode's double effects
    attempt.current = new AbortController();
    void actions.connectWalletConnect(setUri, attempt.current.signal);
  }, [actions]);
  const back = () => {
    attempt.current?.abort();
    onClose();
  };

  const failed = state.connection === 'failed';
  return (
    <div className="walletconnect-panel" data-testid="walletconnect-panel">
      {uri && !failed ? (
        <>
          <div className="walletconnect-panel__qr">
            <QRCodeSVG value={uri} size={208} level="M" marginSize={4} title="WalletConnect pairing code" />
          </div>
          <p className="walletconnect-panel__hint">
            {mobile ? 'Open your wallet app to approve the connection.' : 'Scan with a WalletConnect wallet on your phone, then approve the connection.'}
          </p>
          {mobile ? <a className="p-button p-component walletconnect-panel__open" href={uri}>Open wallet app</a> : null}
        </>
      ) : failed ? null : (
        <p className="panel-note">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Preparing a pairing code…
        </p>
      )}
      <Button type="button" label="Back" icon="pi pi-arrow-left" text onClick={back} />
    </div>
  );
}
