import { useState } from 'react';
import type { ScenarioSummary } from '@shm/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useToast } from '../../../components/toast/toast-context';
import { useScenario } from '../api/get-scenario';
import { useDashboard } from '../hooks/dashboard-context';
import { useScenarioActions } from '../hooks/use-scenario-actions';
import { ConfirmDelete } from './confirm-delete';
import { QueryState } from './query-state';
import { RenameForm } from './rename-form';
import { ScenarioFigures } from './scenario-figures';

/**
 * What 'View Details' opens: the saved results and parameters, with Load into calculator (the
 * calculator recalculates from exactly the saved parameters), Rename and Delete.
 */
export function ScenarioDetailsDialog({ summary, onHide }: { summary: ScenarioSummary; onHide: () => void }) {
  const { address, loadParams } = useDashboard();
  const { showToast } = useToast();
  const scenario = useScenario(address, summary.id);
  const actions = useScenarioActions(address);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const name = scenario.data?.scenarioName ?? summary.scenarioName;

  const load = () => {
    if (!scenario.data) return;
    loadParams(scenario.data.parameters);
    showToast({ severity: 'info', summary: 'Scenario Loaded', detail: `The calculator now uses the parameters of "${name}".` });
    onHide();
  };

  const startRename = () => {
    actions.rename.reset();
    setRenaming(true);
  };

  const footer = (
    <div className="dashboard-dialog__footer dashboard-dialog__footer--spread">
      <div className="dashboard-dialog__footer-group">
        <Button type="button" label="Rename" icon="pi pi-pencil" size="small" outlined onClick={startRename} disabled={!scenario.data || renaming} />
        <Button type="button" label="Delete" icon="pi pi-trash" size="small" outlined severity="danger" onClick={() => setDeleting(true)} disabled={!scenario.data} />
      </div>
      <Button type="button" label="Load into calculator" icon="pi pi-sign-in" onClick={load} disabled={!scenario.data} data-testid="load-scenario" />
    </div>
  );

  return (
    <Dialog header={name} visible onHide={onHide} footer={footer} className="dashboard-dialog dashboard-dialog--wide" modal>
      <div data-testid="scenario-details-dialog">
        {renaming ? (
          <RenameForm
            initial={name}
            pending={actions.rename.isPending}
            error={actions.rename.error}
            onSave={(next) => actions.renameScenario(summary.id, next, () => setRenaming(false))}
            onCancel={() => setRenaming(false)}
          />
        ) : null}
        <QueryState what="scenario" isPending={scenario.isPending} error={scenario.error} onRetry={() => void scenario.refetch()} />
        {scenario.data ? <ScenarioFigures parameters={scenario.data.parameters} results={scenario.data.results} /> : null}
      </div>
      {deleting ? (
        <ConfirmDelete
          visible
          title="Delete Scenario"
          message={<>Delete the scenario "{name}"? This cannot be undone.</>}
          pending={actions.remove.isPending}
          onConfirm={() =>
            actions.deleteScenario({ id: summary.id, scenarioName: name }, () => {
              setDeleting(false);
              onHide();
            })
          }
          onHide={() => setDeleting(false)}
        />
      ) : null}
    </Dialog>
  );
}
