import type { LedgerRow, NodeMoneyReply, PriceCurrency } from '@shm/contracts';
import { PENALTY_LABELS, RULE_LABELS } from './money-format';
import { numberText } from './number-text';
import { subtractWei, weiToShm } from './wei';

/**
 * The income export (docs/node-money.md, "The income export"): one CSV line per ledger row (an unstake
 * gives two: the reward it paid, which is income on the receipt basis, and the stake it returned,
 * which is not income), in the currency the reply was valued in. RFC 4180: a header row, commas,
 * CRLF, fields quoted when they hold a comma, a quote or a line break. The web app has no CSV
 * library and this is a few lines of quoting, so it is ours.
 */
export type IncomeBasis = 'accrual' | 'receipt' | 'not income';

export interface IncomeLine {
  node: string;
  basis: IncomeBasis;
  /** UTC ISO timestamp. */
  date: string;
  kind: LedgerRow['kind'];
  description: string;
  /** Exact decimal SHM (negative for a penalty taken from the stake). */
  shm: string;
  price: number | null;
  /** Empty for rows that are not income. */
  value: number | null;
  priceSource: string;
  tx: string;
}


function linesOf(node: string, row: LedgerRow): IncomeLine[] {
  const tx = row.txHash ?? '';
  switch (row.kind) {
    case 'stake':
      return [{ node, basis: 'not income', date: row.at, kind: 'stake', description: 'Stake locked', shm: weiToShm(row.amountWei), price: null, value: null, priceSource: '', tx }];
    case 'period':
      return [
        {
          node,
          basis: 'accrual',
          date: row.end,
          kind: 'period',
          description: `Active period ${row.index}: ${row.start} to ${row.end}, ${row.seconds} s at ${weiToShm(row.ratePerIntervalWei)} SHM/h (rule: ${RULE_LABELS[row.rule]})`,
          shm: weiToShm(row.amountWei),
          price: row.price.price,
          value: row.value,
          priceSource: row.price.source,
          tx,
        },
      ];
    case 'penalty':
      return [
        {
          node,
          basis: 'not income',
          date: row.at,
          kind: 'penalty',
          description: `Penalty (${PENALTY_LABELS[row.violation].toLowerCase()}) taken from the stake`,
          shm: weiToShm(subtractWei('0', row.amountWei)),
          price: row.price.price,
          value: null,
          priceSource: row.price.source,
          tx,
        },
      ];
    case 'unstake': {
      const price = { price: row.price.price, priceSource: row.price.source, date: row.at, kind: 'unstake' as const, node, tx };
      const fee = `fee ${weiToShm(row.feeWei)} SHM`;
      return [
        { ...price, basis: 'receipt', description: 'Reward paid out by the unstake', shm: weiToShm(row.rewardWei), value: row.value },
        // What came back besides the reward: the payout less the reward (the stake, less the fee).
        { ...price, basis: 'not income', description: `Stake returned by the unstake (payout ${weiToShm(row.payoutWei)} SHM less the reward; ${fee})`, shm: weiToShm(subtractWei(row.payoutWei, row.rewardWei)), value: null },
      ];
    }
  }
}

/** The export's lines for one node's reply, oldest first. */
export const incomeLines = (reply: NodeMoneyReply): IncomeLine[] => reply.ledger.flatMap((row) => linesOf(reply.publicKey, row));

/** RFC 4180 quoting: only a field with a comma, a quote or a line break is quoted, its quotes doubled. */
export const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

export const incomeCsvHeader = (currency: PriceCurrency) => {
  const code = currency.toUpperCase();
  return ['node', 'basis', 'date', 'kind', 'description', 'SHM', `price (${code})`, `value (${code})`, 'price source', 'tx'];
};

/** One CSV file of the lines (one node's or a whole portfolio's), money in `currency`. */
export function incomeCsv(lines: IncomeLine[], currency: PriceCurrency): string {
  const rows = lines.map((line) => [
    line.node,
    line.basis,
    line.date,
    line.kind,
    line.description,
    line.shm,
    line.price === null ? '' : numberText(line.price),
    line.value === null || line.basis === 'not income' ? '' : line.value.toFixed(2),
    line.priceSource,
    line.tx,
  ]);
  return `${[incomeCsvHeader(currency), ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** shm-income-9f3c1b7e-usd-2026-11-28.csv, or shm-income-portfolio-… for every linked node. */
export const incomeCsvName = (which: string, currency: PriceCurrency, day: Date) =>
  `shm-income-${which}-${currency}-${day.toISOString().slice(0, 10)}.csv`;
