import { Suspense, lazy } from 'react';
import type { CalculatorSlot } from '../../features/calculator/components/calculator';

/** The dashboard and its dialogs load only for a visitor who gets to see it (flag on, wallet connected). */
const PersonalDashboard = lazy(() => import('../../features/dashboard').then((m) => ({ default: m.PersonalDashboard })));

/** The calculator's panel for the personalised dashboard of `walletAddress` (spec §2.1, §2.6). */
export const dashboardSlot =
  (walletAddress: string): CalculatorSlot =>
  (context) => (
    <Suspense
      fallback={
        <p className="panel-note" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading your dashboard…
        </p>
      }
    >
      <PersonalDashboard walletAddress={walletAddress} {...context} />
    </Suspense>
  );
