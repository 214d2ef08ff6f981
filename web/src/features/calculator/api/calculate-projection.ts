import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZERO_ADDRESS, type ProjectionParams, type ProjectionResults } from '@shm/contracts';
import { calcContract } from '@shm/contracts/calc';
import { callApi, type ApiFetch } from '../../../lib/api-client';

export async function calculateProjection(
  params: ProjectionParams,
  walletAddress: string = ZERO_ADDRESS,
  signal?: AbortSignal,
  fetch?: ApiFetch,
): Promise<ProjectionResults> {
  return (await callApi(calcContract.projections, { body: { params, walletAddress }, signal, fetch })).results;
}

export const projectionQueryOptions = (params: ProjectionParams | null, walletAddress: string = ZERO_ADDRESS) =>
  queryOptions({
    queryKey: ['calculations', 'projections', walletAddress, params],
    queryFn: ({ signal, meta }) => calculateProjection(params as ProjectionParams, walletAddress, signal, meta?.apiFetch),
    enabled: params !== null,
  });

/** `params` null (inputs not valid) sends nothing. */
export const useProjection = (params: ProjectionParams | null, walletAddress?: string) =>
  useQuery({ ...projectionQueryOptions(params, walletAddress), placeholderData: keepPreviousData });
