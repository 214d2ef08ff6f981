import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useCurrencyParam } from '../../../lib/use-currency-param';
import { moneyCurrencyOf } from '../api/get-node-money';
import { NodeMoneyPanel } from './node-money-panel';
import './node-money.css';

/** "Earnings & Unstake" for one linked node: full screen on a phone, the tables scroll or stack inside it. */
export function NodeMoneyDialog({ publicKey, title, onHide }: { publicKey: string; title: string; onHide: () => void }) {
  const [display] = useCurrencyParam();
  const footer = (
    <div className="dashboard-dialog__footer">
      <Button type="button" label="Close" text onClick={onHide} />
    </div>
  );
  return (
    <Dialog header={`Earnings & Unstake: ${title}`} visible onHide={onHide} footer={footer} className="dashboard-dialog node-money-dialog" modal>
      <NodeMoneyPanel publicKey={publicKey} currency={moneyCurrencyOf(display)} />
    </Dialog>
  );
}
