import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NodeMoneyReply, PriceCurrency } from '@shm/contracts';
import { networkContract } from '@shm/contracts/network';
import { callApi } from '../../../lib/api-client';
import type { DisplayCurrency } from '../../../lib/currency';
import { dashboardKeys } from './keys';

/** The route values income in a fiat currency only: when SHM is displayed, income is asked in USD. */
export const moneyCurrencyOf = (display: DisplayCurrency): PriceCurrency => (display === 'shm' ? 'usd' : display);

export interface NodeMoneyAsk {
  publicKey: string;
  currency: PriceCurrency;
  /** The wallet checked as the one that would unstake; null asks for the node account's nominator. */
  wallet: string | null;
}

/** A node's accounts, ledger, income and unstake diagnosis as the chain records them (issue 34). */
export async function getNodeMoney({ publicKey, currency, wallet }: NodeMoneyAsk, signal?: AbortSignal): Promise<NodeMoneyReply> {
  return callApi(networkContract.nodeMoney, { params: { publicKey }, query: { currency, wallet: wallet ?? undefined }, signal });
}

/** The chain moves slowly for this purpose (a claim per rotation): kept a minute, not polled. */
const NODE_MONEY_STALE_MS = 60_000;

export const nodeMoneyQueryOptions = (address: string, ask: NodeMoneyAsk) =>
  queryOptions({
    queryKey: dashboardKeys.nodeMoney(address, ask.publicKey, ask.currency, ask.wallet),
    queryFn: ({ signal }) => getNodeMoney(ask, signal),
    staleTime: NODE_MONEY_STALE_MS,
  });

/** The page keeps the last answer on screen while another wallet is checked (the wallet field stays put). */
export const useNodeMoney = (address: string, ask: NodeMoneyAsk) => useQuery({ ...nodeMoneyQueryOptions(address, ask), placeholderData: keepPreviousData });
