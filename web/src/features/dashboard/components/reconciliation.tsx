import type { NodeMoneyReply, PriceCurrency, Reconciliation } from '@shm/contracts';
import { formatShm } from '../../../lib/format';
import { formatValue } from '../utils/money-format';
import { formatWei } from '../utils/wei';
import { FactList } from './fact-list';

/** Model figures are floats of SHM; six decimals are enough to see a difference, the chain's are exact above. */
const shm = (value: number | null) => (value === null ? 'Not known' : formatShm(value, 6));

/** Every failed check in red, one by one: a mismatch the rules cannot explain is flagged, never hidden. */
function Problems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div className="dashboard-error node-money__problems" role="alert" data-testid="money-problems">
      <ul>
        {problems.map((problem) => (
          <li key={problem}>
            <i className="pi pi-times-circle" aria-hidden="true" /> {problem}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The nominator's lifetime figures (operatorStats), over every node that wallet staked. */
function OperatorStats({ operator }: { operator: NodeMoneyReply['operator'] }) {
  const stats = operator?.stats;
  if (!operator || !stats) return null;
  const hours = Math.round((stats.totalNodeTime / 3600) * 10) / 10;
  return (
    <FactList
      label={`Wallet ${operator.address}, over every node it staked`}
      facts={[
        ['Wallet lifetime reward', formatWei(stats.totalNodeRewardWei), 'operator-reward'],
        ['Wallet lifetime penalties', formatWei(stats.totalNodePenaltyWei), 'operator-penalty'],
        ['Time paid for', `${stats.totalNodeTime.toLocaleString('en-US')} s (${hours.toLocaleString('en-US')} h)`, 'operator-time'],
        ['Reward paid out by unstakes', `${formatWei(stats.totalUnstakeRewardWei)} in ${stats.unstakeCount.toLocaleString('en-US')} unstake${stats.unstakeCount === 1 ? '' : 's'}`, 'operator-unstaked'],
      ]}
    />
  );
}

/** The ledger's sums against the account's, the product's own model beside the chain's figure, the wallet's lifetime figures. */
export function ReconciliationPanel({ reconciliation, operator = null }: { reconciliation: Reconciliation | null; operator?: NodeMoneyReply['operator'] }) {
  if (!reconciliation) return <p className="dashboard-caption">Nothing to reconcile: the chain's accounts were not read.</p>;
  const { model } = reconciliation;
  return (
    <div data-testid="reconciliation" data-ok={reconciliation.ok ? 'true' : 'false'}>
      {reconciliation.ok && reconciliation.problems.length === 0 ? (
        <p className="node-money__ok" data-testid="reconciliation-ok">
          <i className="pi pi-check-circle" aria-hidden="true" /> The ledger adds up to the account's reward, and every period matches the chain's rule.
        </p>
      ) : null}
      <Problems problems={reconciliation.problems} />
      <div className="node-money__pairs">
        <FactList
          label="Ledger against the account"
          facts={[
            ['Ledger, all periods', formatWei(reconciliation.ledgerTotalRewardWei), 'rec-ledger-total'],
            ['Account total reward', formatWei(reconciliation.chainTotalRewardWei), 'rec-chain-total'],
            ['Ledger since the last stake', formatWei(reconciliation.ledgerOpenRewardWei), 'rec-ledger-open'],
            ['Account reward', formatWei(reconciliation.chainRewardWei), 'rec-chain-open'],
            ["Product's model", shm(model.earnedSHM), 'rec-model'],
            ["Chain's figure", shm(model.chainSHM), 'rec-model-chain'],
            ['Difference (chain − model)', shm(model.differenceSHM), 'rec-difference'],
          ]}
        />
        <OperatorStats operator={operator} />
      </div>
      {model.explanations.length > 0 ? (
        <ul className="node-money__notes" aria-label="Why the model and the chain differ" data-testid="rec-explanations">
          {model.explanations.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Income on both bases; the stake is never income, and a day with no price is said. */
export function IncomeTotals({ income, currency, known }: { income: NodeMoneyReply['income']; currency: PriceCurrency; known: boolean }) {
  if (!known) return <p className="dashboard-caption">Not known: the chain's accounts were not read.</p>;
  return (
    <div data-testid="income-totals">
      <FactList
        label="Income"
        facts={[
          ['Accrual (each period at its end day’s price)', `${formatValue(income.accrual.value, currency)} · ${formatWei(income.accrual.shmWei)}`, 'income-accrual'],
          ['Receipt (the unstake’s reward at its day’s price)', `${formatValue(income.receipt.value, currency)} · ${formatWei(income.receipt.shmWei)}`, 'income-receipt'],
        ]}
      />
      <p className="dashboard-caption">
        <i className="pi pi-info-circle" aria-hidden="true" /> The stake is never income: staking and unstaking it move your own SHM.
      </p>
      {income.missingPriceDays.length > 0 ? (
        <p className="node-money__warning" data-testid="income-missing-days">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> No price for {income.missingPriceDays.join(', ')}: those rows have no value and are left out of the totals.
        </p>
      ) : null}
    </div>
  );
}
