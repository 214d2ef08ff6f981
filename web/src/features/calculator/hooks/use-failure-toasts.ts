import { useEffect, useEffectEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { isApiError } from '../../../lib/api-client';

/**
 * Economics failures (spec §8): a 403 asks for payment; anything else is silent while the payment gate is
 * off and a 'Calculation Error' toast while it is on. `errorUpdatedAt` makes each failure toast once.
 */
export function useEconomicsFailureToast(error: Error | null, errorUpdatedAt: number, paymentGateEnabled: boolean) {
  const { showToast } = useToast();
  // Only a new failure toasts, not a change of the flag.
  const toastFailure = useEffectEvent((failure: Error) => {
    if (isApiError(failure, 403)) {
      showToast({
        severity: 'warn',
        summary: 'Payment Required',
        detail: failure.serverMessage ?? 'Please complete payment to access calculation results',
      });
    } else if (paymentGateEnabled) {
      showToast({ severity: 'error', summary: 'Calculation Error', detail: 'Failed to calculate economics. Please try again.' });
    }
  });
  useEffect(() => {
    if (error) toastFailure(error);
  }, [error, errorUpdatedAt]);
}

/** Projection failures are logged and toasted (spec §4, §8); the caller hides the projection. */
export function useProjectionFailureToast(error: Error | null, errorUpdatedAt: number) {
  const { showToast } = useToast();
  useEffect(() => {
    if (!error) return;
    console.error('Projection calculation failed', error);
    showToast({
      severity: 'error',
      summary: 'Calculation Error',
      detail: 'Failed to calculate earnings projection. Please try again.',
    });
  }, [error, errorUpdatedAt, showToast]);
}
