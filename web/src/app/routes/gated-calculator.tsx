import { useQuery } from '@tanstack/react-query';
import type { CalculatorParams } from '@shm/contracts';
import { Calculator } from '../../features/calculator/components/calculator';
import { featureFlagsQueryOptions, flagsSettled } from '../../features/flags/api/get-feature-flags';
import { ClearSessionControl, PaymentGateCard, PaymentStatusPanel, usePayment } from '../../features/payments';
import { dashboardSlot } from './dashboard-slot';

interface GatedCalculatorProps {
  initialParams?: CalculatorParams;
  /** The admin page adds the session-clear control under the results while the gate is on (spec §2.8). */
  showClearSession?: boolean;
  /** The calculator page shows the personalised dashboard among the results (flag on, wallet connected; spec §2.1). */
  showDashboard?: boolean;
  /** The calculator page keeps its inputs and display currency in the address (shareable links). */
  shareable?: boolean;
}

/**
 * The calculator with the payment gate around its results (spec §2.1, §2.8): gate on and not paid →
 * the payment card instead of results; paid → the session banner above them. Nothing is calculated
 * until the server has told the flags (cached ones may be out of date), so a gated visitor is not sent a 403 first.
 */
export function GatedCalculator({ initialParams, showClearSession = false, showDashboard = false, shareable = false }: GatedCalculatorProps) {
  const flags = useQuery(featureFlagsQueryOptions());
  const gateOn = flags.data?.paymentGate === true;
  const { state, actions } = usePayment();
  const paidWallet = gateOn && state.isPaid && state.walletAddress ? state.walletAddress : undefined;
  // A connected wallet is a signed-in one: connecting (and restoring on load) completes the sign-in first.
  const dashboardWallet = showDashboard && flags.data?.personalizedDashboard === true && state.walletConnected ? state.walletAddress : null;
  return (
    <Calculator
      paymentGateEnabled={gateOn}
      initialParams={initialParams}
      shareable={shareable}
      access={{
        hold: !flagsSettled(flags),
        walletAddress: paidWallet,
        gate: gateOn && !state.isPaid ? <PaymentGateCard /> : undefined,
        banner: state.isPaid ? <PaymentStatusPanel /> : undefined,
        footer: gateOn && showClearSession ? <ClearSessionControl /> : undefined,
        onPaymentRequired: actions.onPaymentRequired,
      }}
      slot={dashboardWallet ? dashboardSlot(dashboardWallet) : undefined}
    />
  );
}
