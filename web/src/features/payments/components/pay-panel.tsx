import { getAddress } from 'ethers';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { shortenAddress } from '../../../lib/format';
import { usePayment } from './payment-provider';
import type { PayStep } from '../state/page';
import { checkBalance, formatWeiAsShm } from '../utils/balance';

const PAY_PROGRESS: Partial<Record<PayStep, string>> = {
  initiating: 'Starting payment…',
  sending: 'Confirm in your wallet…',
  confirming: 'Waiting for confirmation…',
};

/** Connected and unpaid (spec §2.5): balance, amount, recipient, Pay and Switch Wallet. */
export function PayPanel() {
  const { state, actions, config } = usePayment();
  const payment = config?.payment;
  const amount = payment?.amount ?? '0.1';
  const recipient = payment && getAddress(payment.recipient);
  const check = state.balanceWei !== null && payment ? checkBalance(state.balanceWei, BigInt(payment.amountWei), amount) : null;
  const busy = state.step !== 'idle';
  const canPay = !busy && state.chainOk && check?.sufficient === true;

  return (
    <div className="pay-panel">
      <div className="pay-panel__wallet">
        <Tag severity="success" icon="pi pi-check-circle" value="Wallet Connected" />
        <span className="mono" title={state.walletAddress ?? ''} data-testid="connected-address">{shortenAddress(state.walletAddress)}</span>
      </div>
      <dl className="pay-panel__facts">
        <div>
          <dt>Balance</dt>
          <dd data-testid="wallet-balance">
            {state.balanceWei !== null ? `${formatWeiAsShm(state.balanceWei)} SHM` : state.balanceLoading ? 'Loading…' : '—'}
            <Button type="button" icon={state.balanceLoading ? 'pi pi-spin pi-refresh' : 'pi pi-refresh'} text rounded size="small" aria-label="Refresh balance" onClick={() => void actions.refreshBalance()} disabled={state.balanceLoading} />
          </dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd data-testid="payment-amount">{amount} SHM</dd>
        </div>
        <div>
          <dt>Recipient</dt>
          <dd className="mono" title={recipient} data-testid="payment-recipient">{recipient ? shortenAddress(recipient) : '—'}</dd>
        </div>
      </dl>

      {state.balanceError ? <p className="payment-error" role="alert">{state.balanceError}</p> : null}
      {check?.error ? <p className="payment-error" role="alert" data-testid="insufficient-balance">{check.error}</p> : null}
      {state.error ? <p className="payment-error" role="alert" data-testid="payment-error">{state.error}</p> : null}
      {!state.chainOk ? <Button type="button" label="Switch Network" icon="pi pi-sync" severity="warning" outlined onClick={() => void actions.switchNetwork()} /> : null}

      <div className="pay-panel__actions">
        <Button type="button" label={PAY_PROGRESS[state.step] ?? `Pay ${amount} SHM`} icon="pi pi-send" loading={busy} disabled={!canPay} onClick={() => void actions.pay()} data-testid="pay-button" />
        <Button type="button" label="Switch Wallet" icon="pi pi-arrow-right-arrow-left" severity="secondary" outlined disabled={busy} onClick={() => void actions.switchWallet()} />
      </div>
      {check?.payHint ? <p className="pay-panel__hint" data-testid="pay-hint">{check.payHint}</p> : null}
      {state.step === 'confirming' && state.pendingHash ? (
        <p className="panel-note">Transaction {shortenAddress(state.pendingHash)} sent; waiting for 1 confirmation…</p>
      ) : null}
    </div>
  );
}
