import { useState } from 'react';
import { Button } from 'primereact/button';
import { downloadText } from '../../../lib/download';
import { moneyCurrencyOf, useNodeMoney } from '../api/get-node-money';
import { useDashboard } from '../hooks/dashboard-context';
import { fieldErrorsOf } from '../utils/api-errors';
import { incomeCsv, incomeCsvName, incomeLines } from '../utils/income-csv';
import { KeysNotice, NodeMoneyView } from './node-money-view';
import { QueryState } from './query-state';
import { WalletCheckForm } from './unstake-diagnosis';

interface NodeMoneyPanelProps {
  publicKey: string;
  currency: ReturnType<typeof moneyCurrencyOf>;
}

/**
 * The dialog's content: asks the node's money (for the nominator first; the wallet field re-asks for
 * another address) and shows it, with its CSV. Apart from the Dialog so it renders in tests.
 */
export function NodeMoneyPanel({ publicKey, currency }: NodeMoneyPanelProps) {
  const { address } = useDashboard();
  const [wallet, setWallet] = useState<string | null>(null);
  const money = useNodeMoney(address, { publicKey, currency, wallet });
  const reply = money.data;
  // Kept on a failed re-ask too, so a refused address can be corrected.
  const walletForm = <WalletCheckForm initial={wallet ?? address} serverError={fieldErrorsOf(money.error).wallet} onCheck={setWallet} />;
  const download = () => {
    if (reply) downloadText(incomeCsv(incomeLines(reply), reply.currency), incomeCsvName(publicKey.slice(0, 8), reply.currency, new Date()));
  };
  return (
    <div data-testid="node-money-panel">
      <KeysNotice />
      <div className="node-money__toolbar">
        <Button type="button" label="Download CSV" icon="pi pi-download" size="small" outlined onClick={download} disabled={!reply} data-testid="money-download" />
      </div>
      <QueryState what="node's chain records" isPending={money.isPending} error={money.error} onRetry={() => void money.refetch()} />
      {money.isPlaceholderData ? (
        <p className="panel-note" role="status" data-testid="money-rechecking">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Checking {wallet}…
        </p>
      ) : null}
      {reply ? <NodeMoneyView reply={reply} walletForm={walletForm} /> : money.error ? walletForm : null}
    </div>
  );
}
