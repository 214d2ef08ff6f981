import { DEFAULT_FEATURE_FLAGS } from '@shm/contracts';
import { gateFlag } from './gate-flag';

const on = { ...DEFAULT_FEATURE_FLAGS, paymentGate: true };

describe('gate flag', () => {
  it('when nothing was seen, then the gate is off', () => {
    expect(gateFlag().isOn()).toBe(false);
  });

  it('when events arrive, then the newest one decides, whatever the order', () => {
    const gate = gateFlag();
    gate.apply(on, '1700000000000-1');
    expect(gate.isOn()).toBe(true);
    gate.apply(DEFAULT_FEATURE_FLAGS, '1700000000000-0');
    expect(gate.isOn()).toBe(true);
    gate.apply(DEFAULT_FEATURE_FLAGS, '1700000000001-0');
    expect(gate.isOn()).toBe(false);
    gate.apply(on, '999999999999-5');
    expect(gate.isOn()).toBe(false);
  });
});
