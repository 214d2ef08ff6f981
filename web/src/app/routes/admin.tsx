import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_CALCULATOR_DEFAULTS } from '@shm/contracts';
import { PageShell } from '../../components/layout/page-shell';
import { AdminHeader, FeatureFlagPanel, useAdminSession } from '../../features/admin';
import { featureFlagsQueryOptions, useFeatureFlags } from '../../features/flags/api/get-feature-flags';
import { PaymentProvider, usePayment } from '../../features/payments';
import { prefetchCalculation } from '../../features/calculator/api/prefetch-calculation';
import { walletConnectConfigQueryOptions } from '../../features/payments/api/payment-api';
import type { Prefetch } from '../page-route';
import { GatedCalculator } from './gated-calculator';

/** The admin calculator page (spec §2.8): open to anyone, the flag panel only after admin sign-in. */
export function Component() {
  const { flags } = useFeatureFlags();
  return (
    <PaymentProvider confettiEnabled={flags.confetti} variant="admin">
      <AdminPage />
    </PaymentProvider>
  );
}

function AdminPage() {
  const payment = usePayment();
  const { walletConnected } = payment.state;
  const { disconnect: disconnectPaymentWallet } = payment.actions;
  // Spec §4: the admin's Disconnect also disconnects a wallet connected on this page, leaving the
  // confirmation to the admin session (silent), so one toast says it all.
  const disconnectWallet = useMemo(
    () => (walletConnected ? () => disconnectPaymentWallet({ silent: true }) : undefined),
    [walletConnected, disconnectPaymentWallet],
  );
  const session = useAdminSession({ disconnectWallet });
  const queryClient = useQueryClient();
  // The page's own gate, links and confetti follow the public flags: refresh them after a change.
  const onChanged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: featureFlagsQueryOptions().queryKey }),
    [queryClient],
  );

  return (
    <PageShell header={<AdminHeader session={session} paymentVerified={payment.state.isPaid} />}>
      {session.token ? <FeatureFlagPanel token={session.token} onUnauthorized={session.expire} onChanged={onChanged} /> : null}
      <GatedCalculator initialParams={ADMIN_CALCULATOR_DEFAULTS} showClearSession />
    </PageShell>
  );
}

/** As the calculator's, with the admin page's own defaults and no live network values (spec §3). */
export const prefetch: Prefetch = ({ queryClient, url }) => {
  const flags = queryClient.query(featureFlagsQueryOptions());
  return Promise.all([
    queryClient.query(walletConnectConfigQueryOptions()).catch(() => undefined),
    prefetchCalculation(queryClient, {
      search: url.search,
      initialParams: ADMIN_CALCULATOR_DEFAULTS,
      liveDefaults: false,
      shareable: false,
      calculate: flags.then((read) => !read.paymentGate),
    }),
  ]);
};
