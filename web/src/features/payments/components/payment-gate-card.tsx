import { useEffect } from 'react';
import { clientOnly } from '../../../lib/lazy-component';
import { usePayment } from './payment-provider';
import { PendingNotice } from './pending-notice';
import { WalletConnectCard } from './wallet-connect-card';
import './payments.css';

/** The pay panel (with ethers for the recipient's checksummed address) loads with the card, not with the page. */
const PayPanel = clientOnly(() => import('./pay-panel').then((m) => m.PayPanel));

/**
 * Spec §2.5 payment gate card, shown instead of the results while the gate is on and the wallet has
 * not paid: connect a wallet, then pay; a sent payment shows as pending until verified.
 */
export function PaymentGateCard() {
  const { state, config, configError } = usePayment();
  const amount = config?.payment.amount ?? '0.1';
  const pending = state.step === 'pending' || state.step === 'verifying';
  // Fetched as soon as the card shows, so it is there by the time a wallet has connected.
  useEffect(() => void PayPanel.preload().catch(() => undefined), []);
  return (
    <section className="payment-gate" aria-labelledby="payment-gate-title" data-testid="payment-gate">
      <header className="payment-gate__header">
        <span className="payment-gate__icon" aria-hidden="true">
          <i className="pi pi-lock" />
        </span>
        <div>
          <h2 id="payment-gate-title" className="payment-gate__title">Payment Required</h2>
          <p className="payment-gate__intro">A one-time payment of {amount} SHM from your wallet unlocks the calculation results for 24 hours.</p>
        </div>
      </header>
      {configError ? <p className="payment-error" role="alert">Payment details could not be loaded. Please reload the page.</p> : null}
      {state.isChecking ? (
        <p className="panel-note">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Checking your payment status…
        </p>
      ) : null}
      {!state.walletConnected ? <WalletConnectCard /> : pending ? <PendingNotice /> : <PayPanel />}
    </section>
  );
}
