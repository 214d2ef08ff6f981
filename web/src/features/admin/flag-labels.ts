import type { FeatureFlagName } from '@shm/contracts';

/** The four switches of the admin panel, with the spec's labels and descriptions (§2.8). */
export const FLAG_SWITCHES: { name: FeatureFlagName; label: string; description: string }[] = [
  { name: 'paymentGate', label: 'Payment Gate', description: 'Require 0.1 SHM payment before showing calculation results' },
  { name: 'confetti', label: 'Confetti Animation', description: 'Celebratory animations on wallet connect and payments' },
  { name: 'networkData', label: 'Network Data Button', description: 'Show the Network Data navigation button on the calculator page' },
  {
    name: 'personalizedDashboard',
    label: 'Personalized Dashboard',
    description: 'Enable personalized investment tracking and scenario management',
  },
];
