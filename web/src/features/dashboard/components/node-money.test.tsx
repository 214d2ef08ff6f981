import type { NodeMoneyReply, UnstakeState } from '@shm/contracts';
import { UNSTAKE_STATES } from '@shm/contracts/network';
import { renderToStaticMarkup } from 'react-dom/server';
import { dashboardKeys } from '../api/keys';
import { moneyKey, sampleDiagnosis, sampleMoney } from '../testing/money-samples';
import { TEST_ADDRESS, renderInDashboard } from '../testing/render';
import { linkedEntry, sampleEntry } from '../testing/samples';
import { NodeMoneyPanel } from './node-money-panel';
import { PortfolioRow } from './portfolio-row';
import { judgeWalletText } from './unstake-diagnosis';

const panel = (reply: NodeMoneyReply) =>
  renderInDashboard(<NodeMoneyPanel publicKey={moneyKey} currency={reply.currency} />, {
    cached: [[dashboardKeys.nodeMoney(TEST_ADDRESS, moneyKey, reply.currency, null), reply]],
  });

/** What a visitor reads: tags removed, entities decoded, spaces collapsed. */
const read = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
/** The text of the first element carrying `data-testid="<id>"` (up to its closing tag of the same name). */
function textOf(html: string, id: string): string {
  const open = new RegExp(`<(\\w+)[^>]*data-testid="${id}"[^>]*>`).exec(html);
  if (!open) return '';
  const tag = open[1] ?? 'div';
  let depth = 0;
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  pattern.lastIndex = open.index;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return read(html.slice(open.index, match.index));
  }
  return read(html.slice(open.index));
}
const rowsOf = (html: string) => [...html.matchAll(/<tr data-testid="ledger-row"[\s\S]*?<\/tr>/g)].map(([row]) => ({ kind: /data-kind="(\w+)"/.exec(row)?.[1], text: read(row) }));

describe('Earnings & Unstake of a linked node', () => {
  it('when three periods, a penalty and an unstake, then a row each, SHM to the wei, the rule, the price or "no price", the value', () => {
    const html = panel(sampleMoney());
    const rows = rowsOf(html);
    expect(rows.map((row) => row.kind)).toEqual(['stake', 'period', 'period', 'penalty', 'period', 'unstake']);
    expect(rows[0]?.text).toBe('Nov 1, 2025, 09:00 UTC Stake — — — 2,400 SHM — Not income —');
    // 10,800 s at 10 SHM/h = 30 SHM; × $0.12 = $3.60.
    expect(rows[1]?.text).toBe(
      'Nov 2, 2025, 00:00 – 03:00 UTC Active period 1 10,800 s (3 h 0 m) 10 SHM/h (same rate) × 10,000,000 / 24,649 30 SHM $0.1200 on Nov 2, 2025 $3.60 OK',
    );
    // 5,400 s at 12 SHM/h (the claim's rate, above activation's 10) = 18 SHM; × $0.125 = $2.25.
    expect(rows[2]?.text).toContain('5,400 s (1 h 30 m) 12 SHM/h (rate at claim)');
    expect(rows[2]?.text).toContain('18 SHM $0.1250 on Nov 5, 2025 $2.25 OK');
    expect(rows[3]?.text).toBe('Nov 6, 2025, 08:00 UTC Penalty: Left early — — — −480 SHM $0.1100 on Nov 6, 2025 Taken from the stake ($52.80) —');
    expect(rows[4]?.text).toContain('1,200 s (20 m) 12 SHM/h (rate at activation)');
    expect(rows[4]?.text).toContain('4 SHM no price for 2025-11-07 —');
    // 1,920 + 52 − 4.056959714390036106 = 1,967.943040285609963894; the 52 SHM reward × $0.13 = $6.76.
    expect(rows[5]?.text).toContain('1,967.943040285609963894 SHM paid out (stake 1,920 SHM + reward 52 SHM − fee 4.056959714390036106 SHM)');
    expect(rows[5]?.text).toContain('$6.76 reward received');
  });

  it('then income on both bases, the day without a price named, the reconciliation holding and the model beside the chain', () => {
    const html = panel(sampleMoney());
    expect(textOf(html, 'income-accrual')).toBe('Accrual (each period at its end day’s price) $5.85 · 52 SHM');
    expect(textOf(html, 'income-receipt')).toBe('Receipt (the unstake’s reward at its day’s price) $6.76 · 52 SHM');
    expect(textOf(html, 'income-missing-days')).toBe('No price for 2025-11-07: those rows have no value and are left out of the totals.');
    expect(html).toContain('data-testid="reconciliation-ok"');
    expect(html).not.toContain('data-testid="money-problems"');
    expect(textOf(html, 'rec-ledger-total')).toBe('Ledger, all periods 52 SHM');
    expect(textOf(html, 'rec-model')).toBe("Product's model 50 SHM");
    expect(textOf(html, 'rec-difference')).toBe('Difference (chain − model) 2 SHM');
    expect(textOf(html, 'rec-explanations')).toContain('Period 2 was paid at the rate at its claim');
  });

  it('then the keys notice, and the only input is the wallet address, prefilled with the connected wallet', () => {
    const html = panel(sampleMoney());
    expect(textOf(html, 'keys-notice')).toBe('This page never asks for your keys. Nothing here accepts a private key or seed phrase.');
    const inputs = html.match(/<input[^>]*>/g) ?? [];
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toContain('id="unstake-wallet"');
    expect(inputs[0]).toContain(`value="${TEST_ADDRESS}"`);
    expect(html).not.toMatch(/type="password"|<textarea/);
  });

  it('when a period does not match the rule, then its row is flagged Mismatch and every problem shows in red', () => {
    const base = sampleMoney();
    const ledger = base.ledger.map((row) => (row.kind === 'period' && row.index === 2 ? { ...row, check: 'mismatch' as const } : row));
    const problems = ['Period 2: the chain paid 18 SHM, the rule gives 15 SHM (5,400 s at 10 SHM/h).', 'The periods sum to 52 SHM; the account’s total reward is 49 SHM.'];
    const html = panel(sampleMoney({ ledger, reconciliation: base.reconciliation && { ...base.reconciliation, ok: false, problems } }));
    expect(html).toMatch(/<tr data-testid="ledger-row" data-kind="period" data-check="mismatch">[\s\S]*?Mismatch/);
    expect(rowsOf(html).filter((row) => row.text.endsWith('Mismatch'))).toHaveLength(1);
    expect(html).toMatch(/class="dashboard-error node-money__problems" role="alert"/);
    expect(textOf(html, 'money-problems')).toBe(problems.join(' '));
    expect(html).not.toContain('data-testid="reconciliation-ok"');
    expect(html).toContain('data-ok="false"');
    // Said at the top too, before the ledger a visitor may not scroll to.
    expect(textOf(html, 'money-not-reconciled')).toBe("The ledger does not reconcile with the chain's account: see Reconciliation below.");
    expect(html.indexOf('money-not-reconciled')).toBeLessThan(html.indexOf('ledger-table'));
  });

  it('when the chain’s accounts cannot be read, then a red message names the failed source, and nothing is made up', () => {
    const detail = 'The explorer did not answer (timeout after 5 s) and no validator had the account.';
    const html = panel(
      sampleMoney({
        source: { state: 'unavailable', name: null, detail, readAt: null },
        account: null,
        operator: null,
        network: null,
        ledger: [],
        reconciliation: null,
        income: { accrual: { shmWei: '0', value: 0 }, receipt: { shmWei: '0', value: 0 }, missingPriceDays: [] },
        unstake: null,
      }),
    );
    expect(html).toMatch(/data-testid="money-source" data-state="unavailable"/);
    expect(textOf(html, 'money-source')).toBe(`The chain's accounts for this node could not be read. ${detail} The node still lists in your portfolio; try again later.`);
    expect(html).toContain('role="alert" data-testid="money-source"');
    expect(read(html)).toContain('No stake, period, penalty or unstake on the chain for this node yet.');
    expect(read(html)).toContain("Not known: the chain's accounts were not read.");
    expect(html).not.toContain('data-testid="ledger-table"');
    // No income of $0.00 made up from nothing.
    expect(html).not.toContain('data-testid="income-totals"');
    expect(read(html)).not.toContain('$0.00');
  });

  it('when the explorer failed and a validator answered, then a warning that the transactions are missing', () => {
    const html = panel(sampleMoney({ source: { state: 'fallback', name: 'validator', detail: 'The explorer answered 502; read from a validator.', readAt: '2025-11-10T12:00:00.000Z' } }));
    expect(textOf(html, 'money-source')).toBe(
      'The explorer answered 502; read from a validator (read Nov 10, 2025, 12:00 UTC). A validator holds the accounts but not the transactions, so the ledger may lack rows.',
    );
  });

  it("when the nominator's operator account was read, then its lifetime figures show beside the reconciliation", () => {
    const stats = { totalNodeRewardWei: '52000000000000000000', totalNodePenaltyWei: '480000000000000000000', totalNodeTime: 18_000, totalUnstakeRewardWei: '52000000000000000000', unstakeCount: 1 };
    const operator = { address: '0x2222222222222222222222222222222222222222', stakeWei: '0', nominee: null, certExp: null, stats };
    const html = panel(sampleMoney({ operator }));
    // 18,000 s = 5 h.
    expect(['operator-reward', 'operator-penalty', 'operator-time', 'operator-unstaked'].map((id) => textOf(html, id))).toEqual([
      'Wallet lifetime reward 52 SHM',
      'Wallet lifetime penalties 480 SHM',
      'Time paid for 18,000 s (5 h)',
      'Reward paid out by unstakes 52 SHM in 1 unstake',
    ]);
    expect(textOf(panel(sampleMoney({ operator: null })), 'operator-reward')).toBe('');
  });
});

describe('Can I unstake now?', () => {
  const expected: Record<UnstakeState, [label: string, refusal: string | null]> = {
    'no-stake': ['No stake to unstake', 'There is no staked amount in this node!'],
    'other-wallet': ['Staked by another wallet', "This node is staked by another account. You can't unstake it!"],
    standby: ['On the standby list', "This node is in the network's Standby list. You can unstake only after the node leaves the Standby list!"],
    active: ['Active in the network', 'This node is still active in the network. You can unstake only after the node leaves the network!'],
    'no-end-time': ['Gone, with no reward end time', "No reward endTime set, can't unstake node yet"],
    'cert-not-expired': ['Stake certificate not yet expired', 'Unable to apply Unstake tx because stake cert has not yet expired. Expiry timestamp 1763728200000'],
    'can-unstake': ['Can be unstaked', null],
  };

  it.each(UNSTAKE_STATES.map((state) => [state]))('when %s, then its answer, the rule, the refusal word for word and when it changes', (state) => {
    const html = panel(sampleMoney({ unstake: sampleDiagnosis(state) }));
    const [label, refusal] = expected[state];
    expect(html).toContain(`data-testid="unstake-diagnosis" data-state="${state}"`);
    expect(textOf(html, 'unstake-answer')).toBe(`${state === 'can-unstake' ? 'Yes' : 'Not now'} ${label} for 0x2222...2222`);
    expect(textOf(html, 'unstake-rule')).toBe(`The chain's rule: Rule for ${state}.`);
    if (refusal) expect(textOf(html, 'unstake-refusal')).toBe(`“${refusal}”`);
    else expect(html).not.toContain('unstake-refusal');
    expect(textOf(html, 'unstake-changes')).toBe(
      state === 'cert-not-expired' ? 'When this changes: Nov 21, 2025, 12:30 UTC. When the stake certificate expires.' : `When this changes: Changes for ${state}.`,
    );
    // A forced unstake forfeits the reward only without a reward end time.
    if (state === 'no-end-time') {
      expect(textOf(html, 'unstake-forfeit')).toBe('A forced unstake now forfeits the reward: the 20 SHM credited and the last active period, which the chain has not credited yet. With no reward end time set, it pays back the stake only.');
    } else expect(html).not.toContain('unstake-forfeit');
  });

  it('when it can be unstaked, then the payout stake + reward − fee to the wei (the contract’s worked example)', () => {
    const html = panel(sampleMoney({ unstake: sampleDiagnosis('can-unstake') }));
    expect(textOf(html, 'payout-stake')).toBe('Stake 2,400 SHM');
    expect(textOf(html, 'payout-reward')).toBe('+ Reward 20 SHM');
    expect(textOf(html, 'payout-fee')).toBe('− Fee 4.056959714390036106 SHM');
    // 2,420 − 4.056959714390036106 = 2,415.943040285609963894.
    expect(textOf(html, 'payout-total')).toBe('= Payout 2,415.943040285609963894 SHM');
  });
});

describe('the portfolio row’s button', () => {
  const noop = () => undefined;
  it('when linked, then "Earnings & Unstake"; without a key, none', () => {
    const linked = renderToStaticMarkup(<PortfolioRow entry={linkedEntry()} busy={false} onEdit={noop} onDelete={noop} onMoney={noop} />);
    expect(linked).toMatch(/data-testid="open-node-money"[\s\S]*?Earnings &amp; Unstake/);
    const typed = renderToStaticMarkup(<PortfolioRow entry={sampleEntry} busy={false} onEdit={noop} onDelete={noop} onMoney={noop} />);
    expect(typed).not.toContain('open-node-money');
  });
});

describe('the wallet field', () => {
  it('when an address, then it is checked; when 64 hex or twelve words, then refused and cleared, never sent', () => {
    expect(judgeWalletText(' 0x2222222222222222222222222222222222222222 ')).toEqual({ wallet: '0x2222222222222222222222222222222222222222' });
    expect(judgeWalletText(`0x${'ab'.repeat(32)}`)).toMatchObject({ clear: true });
    expect(judgeWalletText('ab'.repeat(32))).toMatchObject({ clear: true });
    expect(judgeWalletText('abandon ability able about above absent absorb abstract absurd abuse access accident')).toMatchObject({ clear: true });
    expect(judgeWalletText('0x1234')).toEqual({ error: 'Enter a wallet address: 0x and 40 hex characters.', clear: false });
  });
});
