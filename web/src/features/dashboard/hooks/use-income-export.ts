import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PortfolioEntry, PriceCurrency } from '@shm/contracts';
import { useToast } from '../../../components/toast/toast-context';
import { downloadText } from '../../../lib/download';
import { nodeMoneyQueryOptions } from '../api/get-node-money';
import { incomeCsv, incomeCsvName, incomeLines, type IncomeLine } from '../utils/income-csv';
import { shortenKey } from '../utils/node-state';

/**
 * "Export income (CSV)" for the whole portfolio: asks each linked node's money (one after another:
 * each reads the explorer) and downloads one file. A node that could not be read is named in a toast,
 * never silently left out.
 */
export function useIncomeExport(address: string, entries: PortfolioEntry[], currency: PriceCurrency) {
  const client = useQueryClient();
  const { showToast } = useToast();
  const [pending, setPending] = useState(false);
  const keys = [...new Set(entries.flatMap((entry) => (entry.nodePublicKey ? [entry.nodePublicKey] : [])))];

  const exportIncome = async () => {
    setPending(true);
    const lines: IncomeLine[] = [];
    const unread: string[] = [];
    for (const publicKey of keys) {
      try {
        const reply = await client.query(nodeMoneyQueryOptions(address, { publicKey, currency, wallet: null }));
        if (reply.source.state === 'unavailable') unread.push(shortenKey(publicKey));
        lines.push(...incomeLines(reply));
      } catch {
        unread.push(shortenKey(publicKey));
      }
    }
    setPending(false);
    downloadText(incomeCsv(lines, currency), incomeCsvName('portfolio', currency, new Date()));
    if (unread.length > 0) {
      showToast({ severity: 'warn', summary: 'Export Incomplete', detail: `The chain's records of ${unread.join(', ')} could not be read: the file has no rows for them.` });
    }
  };

  return { available: keys.length > 0, pending, exportIncome };
}
