/** Gives back a slot taken from an UpstreamGate; calling it twice is harmless. */
export type Release = () => void;

export interface UpstreamGate {
  /**
   * A slot, at once or as soon as one frees; undefined when none frees within the gate's wait or
   * the caller gives up first (`cancel`).
   */
  acquire(cancel?: AbortSignal): Promise<Release | undefined>;
  /** A slot now, when one is free (then nobody is waiting), else undefined: the cheap path of a caller who would wait. */
  tryTake(): Release | undefined;
  readonly active: number;
  readonly waiting: number;
}

/**
 * At most `max` requests in flight to one upstream (so at most `max` sockets to it), and a bounded
 * wait for a slot. Node's http.Agent queues a request that finds every socket busy with no time
 * limit: behind long-held sockets, a request would wait forever. Here it waits `waitMs` at most.
 * Our own because no library bounds that wait: http-proxy(-middleware) hands each request straight
 * to the agent, and the agent's `timeout` is a socket's idle time, not a wait for one.
 */
export function upstreamGate(max: number, waitMs: number): UpstreamGate {
  let active = 0;
  const queue: (() => void)[] = [];

  const take = (): Release => {
    active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      active -= 1;
      // Hand the slot straight to the longest waiter, so a newcomer cannot jump the queue.
      queue.shift()?.();
    };
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    tryTake: () => (active < max ? take() : undefined),
    acquire(cancel) {
      if (cancel?.aborted) return Promise.resolve(undefined);
      if (active < max) return Promise.resolve(take());
      return new Promise((resolve) => {
        const leave = () => {
          const at = queue.indexOf(admit);
          if (at >= 0) queue.splice(at, 1);
          clearTimeout(timer);
          cancel?.removeEventListener('abort', leave);
          resolve(undefined);
        };
        const admit = () => {
          clearTimeout(timer);
          cancel?.removeEventListener('abort', leave);
          resolve(take());
        };
        const timer = setTimeout(leave, waitMs);
        cancel?.addEventListener('abort', leave, { once: true });
        queue.push(admit);
      });
    },
  };
}
