import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertsReply } from '@shm/contracts';
import { dashboardContract } from '@shm/contracts/dashboard';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** How often the open Alerts tab asks again: deliveries retry and nodes change while it is on screen. */
export const ALERTS_REFRESH_MS = 15_000;

/** The signed-in wallet's destinations, in-app notifications and deliveries (the session decides the wallet). */
export async function getAlerts(signal?: AbortSignal): Promise<AlertsReply> {
  return callApi(dashboardContract.alerts, { signal });
}

export const alertsQueryOptions = (address: string) =>
  queryOptions({ queryKey: dashboardKeys.alerts(address), queryFn: ({ signal }) => getAlerts(signal), refetchInterval: ALERTS_REFRESH_MS });

/** Polls only while mounted: the tab view renders the open tab alone. */
export const useAlerts = (address: string) => useQuery(alertsQueryOptions(address));
