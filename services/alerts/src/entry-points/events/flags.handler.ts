import { eventHandler } from '@shm/platform/jobs';
import type { AlertsFlag } from '../../domain/ports';

/**
 * The personalizedDashboard flag followed from `flags.changed` (off until an event says on). `group`
 * is one per alerts process (each must see every change); `latest`: the newest kept event is applied
 * before the service answers, and an older one replayed never replaces it.
 */
export function personalizedDashboardFlag(group: string) {
  let on = false;
  const flag: AlertsFlag = { isOn: () => on };
  const handler = eventHandler({
    event: 'flags.changed',
    group,
    latest: true,
    run: ({ flags }) => {
      on = flags.personalizedDashboard;
    },
  });
  return { flag, handler };
}
