// Test-only stand-ins for the flows' dependencies: memory storage, recorded timers, jest mocks.
import { SHARDEUM_NETWORK } from '../../../config/chain';
import type { FlowDeps } from '../flows/deps';
import { createPaymentStore, initialPaymentState, type PaymentState } from '../state/payment-state';
import { memoryStore } from '../utils/payment-storage';

export interface ScheduledTimer {
  name: string;
  ms: number;
  run: () => void;
}

/** Flow dependencies with nothing real behind them; `scheduled` lists the timers set (run them by hand). */
export function fakeFlowDeps(state: Partial<PaymentState> = {}, overrides: Partial<FlowDeps> = {}) {
  const scheduled: ScheduledTimer[] = [];
  const storage = memoryStore();
  let clock = 1_800_000_000_000;
  const deps: FlowDeps = {
    store: createPaymentStore({ ...initialPaymentState, ...state }),
    storage,
    clearSessionStorage: jest.fn(),
    provider: { current: null },
    walletConnect: { current: null },
    detachListeners: { current: null },
    disconnecting: { current: false },
    verifyRetries: { current: 0 },
    recalculatedAt: { current: 0 },
    walletDrops: { current: [] },
    loadConfig: jest.fn(),
    network: () => SHARDEUM_NETWORK,
    notify: jest.fn(),
    celebrate: jest.fn(),
    invalidateCalculations: jest.fn(),
    variant: 'calculator',
    timers: {
      schedule: (name, ms, run) => {
        const at = scheduled.findIndex((t) => t.name === name);
        if (at >= 0) scheduled.splice(at, 1);
        scheduled.push({ name, ms, run });
      },
      cancel: (name) => {
        const at = scheduled.findIndex((t) => t.name === name);
        if (at >= 0) scheduled.splice(at, 1);
      },
      cancelAll: () => void scheduled.splice(0),
    },
    now: () => clock,
    ...overrides,
  };
  return { deps, store: deps.store, storage, scheduled, advance: (ms: number) => void (clock += ms) };
}
