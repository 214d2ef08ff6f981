/** A clock that follows real time from an offset the test can move (for the 24-hour expiry). */
export function controlledClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
    reset() {
      offsetMs = 0;
    },
  };
}
export type ControlledClock = ReturnType<typeof controlledClock>;

export const HOUR_MS = 3_600_000;
