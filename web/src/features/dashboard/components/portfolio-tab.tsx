import { useState } from 'react';
import type { PortfolioEntry } from '@shm/contracts';
import { Button } from 'primereact/button';
import { useCurrencyParam } from '../../../lib/use-currency-param';
import { moneyCurrencyOf } from '../api/get-node-money';
import { usePortfolio } from '../api/get-portfolio';
import { useDashboard } from '../hooks/dashboard-context';
import { useIncomeExport } from '../hooks/use-income-export';
import { usePortfolioActions } from '../hooks/use-portfolio-actions';
import { describeBasis } from '../utils/basis';
import { entryTitle } from '../utils/entry-title';
import { shortenKey } from '../utils/node-state';
import { newEntryValues, toPortfolioFields, valuesFromEntry } from '../utils/portfolio-form';
import { ConfirmDelete } from './confirm-delete';
import { FleetTable } from './fleet-table';
import { NodeMoneyDialog } from './node-money-dialog';
import { AlertsTab } from './alerts-tab';
import { PortfolioDialog } from './portfolio-dialog';
import { PortfolioRow } from './portfolio-row';
import { PortfolioTotalsPanel } from './portfolio-totals';
import { QueryState } from './query-state';

type Editing = { kind: 'add' } | { kind: 'edit'; entry: PortfolioEntry } | null;

/** Spec §2.6 Portfolio: the nodes the wallet runs and how their rewards compare with the calculator's. */
export function PortfolioTab() {
  const { address, params } = useDashboard();
  const portfolio = usePortfolio(address);
  const actions = usePortfolioActions(address);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PortfolioEntry | null>(null);
  const [moneyOf, setMoneyOf] = useState<PortfolioEntry | null>(null);
  const entries = portfolio.data?.entries ?? [];
  const [display] = useCurrencyParam();
  const income = useIncomeExport(address, entries, moneyCurrencyOf(display));
  const close = () => setEditing(null);

  const open = (next: Exclude<Editing, null>) => {
    actions.create.reset();
    actions.update.reset();
    setEditing(next);
  };

  return (
    <div className="dashboard-tab">
      <div className="dashboard-tab__toolbar">
        <p className="dashboard-tab__intro">The nodes you run, with the rewards they earned against what the calculator expects. Link an entry to a node's public key to follow it live.</p>
        <Button type="button" label="Add Entry" icon="pi pi-plus" size="small" onClick={() => open({ kind: 'add' })} data-testid="add-entry" />
        {income.available ? (
          <Button type="button" label="Export income (CSV)" icon="pi pi-download" size="small" outlined loading={income.pending} onClick={() => void income.exportIncome()} data-testid="export-income" />
        ) : null}
      </div>
      <QueryState what="portfolio" isPending={portfolio.isPending} error={portfolio.error} onRetry={() => void portfolio.refetch()} />
      {portfolio.isSuccess && entries.length === 0 ? <p className="dashboard-empty">No entries yet. Add the nodes you run to track them.</p> : null}
      {portfolio.data && entries.length > 0 ? <PortfolioTotalsPanel totals={portfolio.data.totals} /> : null}
      {portfolio.data?.fleet ? <FleetTable fleet={portfolio.data.fleet} /> : null}
      <ul className="dashboard-list" aria-label="Portfolio entries">
        {entries.map((entry) => (
          <PortfolioRow
            key={entry.id}
            entry={entry}
            busy={actions.remove.isPending}
            onEdit={() => open({ kind: 'edit', entry })}
            onDelete={() => setDeleting(entry)}
            onMoney={() => setMoneyOf(entry)}
          />
        ))}
      </ul>
      {entries.some((e) => e.performance.source === 'node') ? (
        <p className="dashboard-caption" data-testid="portfolio-node-note">
          <i className="pi pi-server" aria-hidden="true" /> A linked node's ratio compares the SHM it earned by the network's rules (seconds active ×
          the reward per hour in force) with what the calculator expects for one node over the same time.
        </p>
      ) : null}
      {portfolio.data ? (
        <p className="dashboard-caption" data-testid="portfolio-basis">
          <i className="pi pi-info-circle" aria-hidden="true" /> {describeBasis(portfolio.data.basis)}
        </p>
      ) : null}
      {/* Spec §2.6 keeps four tabs: the alerts of the linked nodes sit under the entries. */}
      <AlertsTab />
      {editing?.kind === 'add' ? (
        <PortfolioDialog
          title="Add Portfolio Entry"
          submitLabel="Add Entry"
          initial={newEntryValues(params, new Date())}
          pending={actions.create.isPending}
          error={actions.create.error}
          onSubmit={(values) => actions.addEntry(toPortfolioFields(values), close)}
          onHide={close}
        />
      ) : null}
      {editing?.kind === 'edit' ? (
        <PortfolioDialog
          key={editing.entry.id}
          title="Edit Portfolio Entry"
          submitLabel="Save Changes"
          initial={valuesFromEntry(editing.entry)}
          pending={actions.update.isPending}
          error={actions.update.error}
          onSubmit={(values) => actions.editEntry(editing.entry.id, toPortfolioFields(values, { editing: true }), close)}
          onHide={close}
        />
      ) : null}
      {moneyOf?.nodePublicKey ? (
        <NodeMoneyDialog publicKey={moneyOf.nodePublicKey} title={moneyOf.label?.trim() || shortenKey(moneyOf.nodePublicKey)} onHide={() => setMoneyOf(null)} />
      ) : null}
      {deleting ? (
        <ConfirmDelete
          visible
          title="Delete Portfolio Entry"
          message={<>Delete {entryTitle(deleting)} from your portfolio? This cannot be undone.</>}
          pending={actions.remove.isPending}
          onConfirm={() => actions.deleteEntry(deleting, () => setDeleting(null))}
          onHide={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
