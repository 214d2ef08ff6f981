import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_CALCULATOR_DEFAULTS } from '@shm/contracts';
import { PageShell } from '../../components/layout/page-shell';
import { AdminHeader, FeatureFlagPanel, useAdminSession } from '../../features/admin';
import { Calculator } from '../../features/calculator/components/calculator';
import { featureFlagsQueryOptions, useFeatureFlags } from '../../features/flags/api/get-feature-flags';

/** The admin calculator page (spec §2.8): open to anyone, the flag panel only after admin sign-in. */
export function AdminRoute() {
  const session = useAdminSession();
  const { flags } = useFeatureFlags();
  const queryClient = useQueryClient();
  // The page's own gate, links and confetti follow the public flags: refresh them after a change.
  const onChanged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: featureFlagsQueryOptions().queryKey }),
    [queryClient],
  );

  return (
    <PageShell header={<AdminHeader session={session} />}>
      {session.token ? <FeatureFlagPanel token={session.token} onUnauthorized={session.expire} onChanged={onChanged} /> : null}
      <Calculator paymentGateEnabled={flags.paymentGate} initialParams={ADMIN_CALCULATOR_DEFAULTS} />
    </PageShell>
  );
}
