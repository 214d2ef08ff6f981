import type { Logger, Metrics } from '@shm/platform';
import { consumeEvents, newestEvent, type Redis } from '@shm/platform/redis';
import type { GateFlag } from '../../domain/gate-flag';

export interface FollowOptions {
  /** One group per calc instance: every instance must see every change. */
  group: string;
  logger: Logger;
  blockMs?: number;
  metrics?: Metrics;
}

/** Reads the stored flags once, then follows `flags.changed` events into the gate flag. */
export async function followGateFlag(redis: Redis, gate: GateFlag, { group, logger, blockMs, metrics }: FollowOptions) {
  const latest = await newestEvent(redis, 'flags.changed');
  if (latest) gate.apply(latest.payload.flags, latest.id);
  logger.info({ paymentGate: gate.isOn() }, 'payment gate flag loaded');
  return consumeEvents(redis, {
    group,
    consumer: group,
    logger,
    blockMs,
    metrics,
    handlers: {
      'flags.changed': ({ flags }, id) => {
        const before = gate.isOn();
        gate.apply(flags, id);
        if (gate.isOn() !== before) logger.info({ paymentGate: gate.isOn() }, 'payment gate flag changed');
      },
    },
  });
}
