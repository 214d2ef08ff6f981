import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureFlagName, FeatureFlags } from '@shm/contracts';
import { useToast } from '../../../components/toast/toast-context';
import { isApiError } from '../../../lib/api-client';
import { adminFlagsQueryOptions, updateAdminFlag } from '../api/admin-flags';
import { FLAG_SWITCHES } from '../flag-labels';

interface Options {
  token: string;
  /** The token was refused (expired or revoked): the session ends. */
  onUnauthorized: () => void;
  /** A flag changed on the server (e.g. to refresh the public flags). */
  onChanged?: (flags: FeatureFlags) => void;
}

/** The admin's view of the flags: loaded with the token, toggled optimistically, reverted on failure (spec §4). */
export function useAdminFlags({ token, onUnauthorized, onChanged }: Options) {
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const options = adminFlagsQueryOptions(token);
  const query = useQuery(options);

  useEffect(() => {
    if (!query.error) return;
    if (isApiError(query.error, 401)) return onUnauthorized();
    const detail = query.error.message === 'Invalid response format' ? 'Invalid response format' : 'Failed to load feature flag settings';
    showToast({ severity: 'error', summary: 'Error', detail });
  }, [query.error, query.errorUpdatedAt, onUnauthorized, showToast]);

  const toggle = useMutation({
    mutationFn: ({ name, enabled }: { name: FeatureFlagName; enabled: boolean }) => updateAdminFlag(token, name, enabled),
    onMutate: async ({ name, enabled }) => {
      await queryClient.cancelQueries({ queryKey: options.queryKey });
      const previous = queryClient.getQueryData(options.queryKey);
      if (previous) queryClient.setQueryData(options.queryKey, { ...previous, [name]: enabled });
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(options.queryKey, context.previous);
      if (isApiError(error, 401)) onUnauthorized();
      showToast({
        severity: 'error',
        summary: 'Failed to update feature flag',
        detail: (isApiError(error) && error.serverMessage) || error.message,
      });
    },
    onSuccess: (flags, { name, enabled }) => {
      queryClient.setQueryData(options.queryKey, flags);
      const label = FLAG_SWITCHES.find((s) => s.name === name)?.label ?? name;
      showToast({ severity: 'success', summary: 'Feature Flag Updated', detail: `${label} ${enabled ? 'enabled' : 'disabled'} successfully` });
      onChanged?.(flags);
    },
  });

  const refresh = async () => {
    const result = await query.refetch();
    if (result.isSuccess) showToast({ severity: 'success', summary: 'Settings Loaded', detail: 'Feature flag settings are up to date' });
  };

  return {
    flags: query.data,
    isLoading: query.isPending,
    isRefreshing: query.isFetching,
    refresh,
    setFlag: (name: FeatureFlagName, enabled: boolean) => toggle.mutate({ name, enabled }),
  };
}
