import { Suspense, lazy, useState, useSyncExternalStore } from 'react';
import { usePayment } from './payment-provider';

/** The QR code and the WalletConnect library load only when the visitor picks WalletConnect. */
const WalletConnectPanel = lazy(() => import('./walletconnect-panel'));

type Tab = 'desktop' | 'mobile';
const TABS = [['desktop', 'Desktop', 'pi pi-desktop'], ['mobile', 'Mobile', 'pi pi-mobile']] as const;

// matchMedia is missing from some test environments (jsdom), not only from the server.
const prefersMobile = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse) and (max-width: 768px)').matches;

/** The tab a card opens on, decided on its first read in the browser and kept: turning a phone does not switch it. */
function deviceTabOnce(): () => Tab {
  let decided: Tab | undefined;
  return () => (decided ??= prefersMobile() ? 'mobile' : 'desktop');
}
const serverTab = (): Tab => 'desktop';
/** The device tab never changes once read, so there is nothing to listen to. */
const subscribeToNothing = () => () => undefined;

/** Spec §2.5 wallet connect card: Desktop and Mobile tabs, Browser Wallet and WalletConnect (QR code). */
export function WalletConnectCard() {
  const { state, actions, config } = usePayment();
  // Desktop first, as the server renders it (it cannot know the screen); a phone switches to Mobile as the
  // browser takes the page over, and a card the browser renders itself opens on Mobile there.
  const [deviceTab] = useState(deviceTabOnce);
  const openingTab = useSyncExternalStore(subscribeToNothing, deviceTab, serverTab);
  const [pickedTab, setTab] = useState<Tab | null>(null);
  const tab = pickedTab ?? openingTab;
  const [walletConnectOpen, setWalletConnectOpen] = useState(false);
  const connecting = state.connection === 'connecting';
  const walletConnectReady = !!config?.projectId;

  const option = (testId: string, icon: string, title: string, note: string, onClick: () => void, disabled: boolean, describedBy?: string) => (
    <button key={testId} type="button" className="wallet-option" onClick={onClick} disabled={disabled} aria-describedby={describedBy} data-testid={testId}>
      <span className="wallet-option__icon" aria-hidden="true">
        <i className={icon} />
      </span>
      <span className="wallet-option__text">
        <span className="wallet-option__title">{title}</span>
        <span className="wallet-option__note">{note}</span>
      </span>
    </button>
  );
  const desktop = tab === 'desktop';
  // On a phone WalletConnect comes first.
  const options = [
    option(
      'connect-browser-wallet',
      connecting && !walletConnectOpen ? 'pi pi-spin pi-spinner' : 'pi pi-globe',
      'Browser Wallet',
      desktop ? 'MetaMask or another wallet extension in this browser' : 'Open this page in your wallet app’s own browser',
      () => void actions.connectBrowser(),
      connecting,
    ),
    option(
      'connect-walletconnect',
      'pi pi-qrcode',
      'WalletConnect',
      desktop ? 'Scan a QR code with your mobile wallet' : 'Connect a wallet app on this phone',
      () => setWalletConnectOpen(true),
      connecting || !walletConnectReady,
      walletConnectReady ? undefined : 'walletconnect-unavailable',
    ),
  ];

  return (
    <section className="wallet-connect" aria-label="Connect a wallet">
      <div role="tablist" aria-label="Device" className="tabs__list wallet-connect__tabs">
        {TABS.map(([id, label, icon]) => (
          <button key={id} type="button" role="tab" id={`wallet-tab-${id}`} aria-selected={tab === id} aria-controls="wallet-tabpanel" className={`tabs__trigger${tab === id ? ' tabs__trigger--active' : ''}`} onClick={() => setTab(id)}>
            <i className={icon} aria-hidden="true" /> {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="wallet-tabpanel" aria-labelledby={`wallet-tab-${tab}`}>
        {/* A failed attempt, or a connection the wallet itself kept dropping (spec §8 'unstable'). */}
        {!connecting && state.error ? <p className="payment-error wallet-connect__error" role="alert">{state.error}</p> : null}
        {walletConnectOpen ? (
          <Suspense fallback={<p className="panel-note"><i className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading WalletConnect…</p>}>
            <WalletConnectPanel mobile={tab === 'mobile'} onClose={() => setWalletConnectOpen(false)} />
          </Suspense>
        ) : (
          <div className="wallet-connect__options">{desktop ? options : options.reverse()}</div>
        )}
        {!walletConnectReady && config ? (
          <p id="walletconnect-unavailable" className="wallet-connect__note">
            <i className="pi pi-info-circle" aria-hidden="true" /> WalletConnect is not set up on this site (no project id), so only a
            browser wallet can connect.
          </p>
        ) : null}
      </div>
    </section>
  );
}
