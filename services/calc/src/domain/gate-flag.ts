import type { FeatureFlags } from '@shm/contracts';
import type { PaymentGateState } from './access-policy';

/** Redis stream ids are `ms-seq`; compares them so an older event never overrides a newer one. */
function isNewer(id: string, than: string | undefined): boolean {
  if (!than) return true;
  const [ms, seq] = id.split('-').map(Number) as [number, number];
  const [thanMs, thanSeq] = than.split('-').map(Number) as [number, number];
  return ms > thanMs || (ms === thanMs && seq > thanSeq);
}

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
      if (!isNewer(eventId, lastId)) return;
      lastId = eventId;
      on = flags.paymentGate;
    },
  };
}
export type GateFlag = ReturnType<typeof gateFlag>;
