import { eventHandler } from '@shm/platform/jobs';
import type { GateFlag } from '../../domain/gate-flag';

/**
 * `flags.changed` into the payment gate flag. `group` is one per calc instance (every instance must
 * see every change); `latest`: the newest kept event is applied before calc starts answering.
 */
export const gateFlagHandler = (gate: GateFlag, group: string) =>
  eventHandler({
    event: 'flags.changed',
    group,
    latest: true,
    run: ({ flags }, { id, log }) => {
      const before = gate.isOn();
      gate.apply(flags, id);
      if (gate.isOn() !== before) log.info({ paymentGate: gate.isOn() }, 'payment gate flag changed');
    },
  });
