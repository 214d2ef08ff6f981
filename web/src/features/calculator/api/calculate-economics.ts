import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZERO_ADDRESS, type CalculatorParams, type EconomicsResults } from '@shm/contracts';
import { calcContract } from '@shm/contracts/calc';
import { callApi, type ApiFetch } from '../../../lib/api-client';

export async function calculateEconomics(
  params: CalculatorParams,
  walletAddress: string = ZERO_ADDRESS,
  signal?: AbortSignal,
  fetch?: ApiFetch,
): Promise<EconomicsResults> {
  return (await callApi(calcContract.economics, { body: { params, walletAddress }, signal, fetch })).results;
}

/** Keyed by the whole parameter set, so any change reruns the calculation (spec §4). */
export const economicsQueryOptions = (params: CalculatorParams, walletAddress: string = ZERO_ADDRESS) =>
  queryOptions({
    queryKey: ['calculations', 'economics', walletAddress, params],
    queryFn: ({ signal, meta }) => calculateEconomics(params, walletAddress, signal, meta?.apiFetch),
  });

/** The previous results stay on screen while new parameters are being calculated; `enabled` false asks nothing (payment gate). */
export const useEconomics = (params: CalculatorParams, walletAddress?: string, enabled = true) =>
  useQuery({ ...economicsQueryOptions(params, walletAddress), enabled, placeholderData: keepPreviousData });
