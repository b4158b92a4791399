/*
 * A sliding-window rate limiter: at most `maxRequests` acquisitions in any `intervalMs` window.
 * SEC EDGAR's fair-access policy allows at most 10 requests per second per client; callers
 * acquire before every request. Acquisitions are served in order (a promise chain), so a burst
 * of callers is spread out instead of racing for the same slot.
 */

export interface RateLimiterOptions {
  maxRequests: number;
  intervalMs: number;
  /** Injected clock (ms); tests pass a fake one. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface RateLimiter {
  /** Resolves when a request may be sent. */
  acquire(): Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  if (!(options.maxRequests >= 1) || !(options.intervalMs > 0)) {
    throw new RangeError('a rate limiter needs maxRequests >= 1 and intervalMs > 0');
  }
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  /** Start times of the acquisitions still inside the window, oldest first. */
  const granted: number[] = [];
  let queue: Promise<void> = Promise.resolve();

  async function takeSlot(): Promise<void> {
    for (;;) {
      const current = now();
      while (granted.length > 0 && (granted[0] as number) <= current - options.intervalMs) granted.shift();
      if (granted.length < options.maxRequests) {
        granted.push(current);
        return;
      }
      await sleep((granted[0] as number) + options.intervalMs - current);
    }
  }

  return {
    acquire() {
      const turn = queue.then(takeSlot);
      // A failed sleep must not block later callers.
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}
