import type { FeatureFlags } from '@shm/contracts';
import { isNewerStreamId } from '@shm/platform/redis';
import type { PaymentGateState } from './ports';

/**
 * The paymentGate flag as calc knows it: off until told otherwise, then the value of the newest
 * `flags.changed` event seen (events carry every flag, so the newest one is the whole truth).
 */
export function gateFlag(): PaymentGateState & { apply(flags: FeatureFlags, eventId: string): void } {
  let on = false;
  let lastId: string | undefined;
  return {
    isOn: () => on,
    apply(flags, eventId) {
      if (!isNewerStreamId(eventId, lastId)) return;
      lastId = eventId;
      on = flags.paymentGate;
    },
  };
}
export type GateFlag = ReturnType<typeof gateFlag>;
