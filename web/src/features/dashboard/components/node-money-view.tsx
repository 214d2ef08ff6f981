import type { MoneySourceState, NodeMoneyReply } from '@shm/contracts';
import type { ReactNode } from 'react';
import { KEYS_NOTICE, formatUtc } from '../utils/money-format';
import { LedgerTable } from './ledger-table';
import { IncomeTotals, ReconciliationPanel } from './reconciliation';
import { UnstakeDiagnosisPanel } from './unstake-diagnosis';

/** Where the accounts were read; when nowhere, which source failed, in red (the node still lists in the portfolio). */
export function MoneySource({ source }: { source: MoneySourceState }) {
  if (source.state === 'unavailable') {
    return (
      <div className="dashboard-error" role="alert" data-testid="money-source" data-state="unavailable">
        <span>
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> The chain's accounts for this node could not be read. {source.detail} The node still lists in your
          portfolio; try again later.
        </span>
      </div>
    );
  }
  const read = source.readAt ? ` (read ${formatUtc(source.readAt)})` : '';
  return (
    <p className={source.state === 'fallback' ? 'node-money__warning' : 'dashboard-caption'} data-testid="money-source" data-state={source.state}>
      {/* The detail is a sentence of the server's; its full stop moves after the time. */}
      <i className={source.state === 'fallback' ? 'pi pi-exclamation-triangle' : 'pi pi-database'} aria-hidden="true" /> {source.detail.replace(/\.$/, '')}
      {read}
      {source.state === 'fallback' ? '. A validator holds the accounts but not the transactions, so the ledger may lack rows.' : '.'}
    </p>
  );
}

/** The fixed promise: nothing on the page takes a key (the wallet field takes an address). */
export const KeysNotice = () => (
  <p className="node-money__keys" data-testid="keys-notice">
    <i className="pi pi-shield" aria-hidden="true" /> {KEYS_NOTICE}
  </p>
);

/**
 * Everything the chain records for one linked node (issue 34): the source, the ledger, the
 * reconciliation, the income on both bases and "Can I unstake now?". `walletForm` sits under the
 * diagnosis it re-asks.
 */
export function NodeMoneyView({ reply, walletForm }: { reply: NodeMoneyReply; walletForm?: ReactNode }) {
  const { currency } = reply;
  return (
    <div className="node-money" data-testid="node-money">
      <MoneySource source={reply.source} />
      {reply.reconciliation && !reply.reconciliation.ok ? (
        <p className="dashboard-error" data-testid="money-not-reconciled">
          <span>
            <i className="pi pi-times-circle" aria-hidden="true" /> The ledger does not reconcile with the chain's account: see Reconciliation below.
          </span>
        </p>
      ) : null}
      <h4 className="dashboard-dialog__section">Can I Unstake Now?</h4>
      <UnstakeDiagnosisPanel diagnosis={reply.unstake} />
      {walletForm}
      <h4 className="dashboard-dialog__section">Earnings Ledger</h4>
      <LedgerTable ledger={reply.ledger} currency={currency} />
      <h4 className="dashboard-dialog__section">Reconciliation</h4>
      <ReconciliationPanel reconciliation={reply.reconciliation} operator={reply.operator} />
      <h4 className="dashboard-dialog__section">Income ({currency.toUpperCase()})</h4>
      <IncomeTotals income={reply.income} currency={currency} known={reply.source.state !== 'unavailable'} />
    </div>
  );
}
