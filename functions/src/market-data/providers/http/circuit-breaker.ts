/*
 * A circuit breaker in front of the live quote source, so a failing source is left alone for a while
 * instead of being hammered by every poll and request (and every caller waiting for its timeout).
 *
 *   closed    -- failureThreshold consecutive failures -->  open
 *   open      -- openDurationMs elapsed                -->  half-open (one trial request let through)
 *   half-open -- trial succeeds --> closed;  trial fails --> open again for openDurationMs
 *
 * Defaults: 5 consecutive failures, 30 s open. A success in the closed state resets the count.
 */

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. Default 5. */
  failureThreshold?: number;
  /** How long the circuit stays open before one trial request. Default 30 000 ms. */
  openDurationMs?: number;
  /** Injected clock (epoch ms), so tests drive time. */
  now: () => number;
}

export const DEFAULT_FAILURE_THRESHOLD = 5;
export const DEFAULT_OPEN_DURATION_MS = 30_000;

export class CircuitOpenError extends Error {
  constructor(readonly retryAtMs: number) {
    super(`The quote source is failing; the circuit is open until ${new Date(retryAtMs).toISOString()}.`);
    this.name = 'CircuitOpenError';
  }
}

export class CircuitBreaker {
  private readonly failureThreshold: number;
  private readonly openDurationMs: number;
  private readonly now: () => number;
  private consecutiveFailures = 0;
  private openedAt: number | null = null;
  private trialInFlight = false;

  constructor(options: CircuitBreakerOptions) {
    this.failureThreshold = options.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD;
    this.openDurationMs = options.openDurationMs ?? DEFAULT_OPEN_DURATION_MS;
    this.now = options.now;
    if (!(this.failureThreshold >= 1)) throw new RangeError('failureThreshold must be at least 1');
    if (!(this.openDurationMs > 0)) throw new RangeError('openDurationMs must be positive');
  }

  get state(): CircuitState {
    if (this.openedAt === null) return 'closed';
    return this.now() - this.openedAt >= this.openDurationMs ? 'half-open' : 'open';
  }

  get failures(): number {
    return this.consecutiveFailures;
  }

  /**
   * Whether a request may go out now. In half-open only one trial at a time is let through; the
   * others are refused until it settles.
   */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  recordSuccess(): void {
    this.consecutiveFailures = 0;
    this.openedAt = null;
    this.trialInFlight = false;
  }

  recordFailure(): void {
    this.consecutiveFailures += 1;
    const wasTrial = this.trialInFlight;
    this.trialInFlight = false;
    if (wasTrial || this.openedAt !== null || this.consecutiveFailures >= this.failureThreshold) {
      this.openedAt = this.now();
    }
  }

  /** Runs `work` through the breaker; refuses with CircuitOpenError while open. */
  async execute<T>(work: () => Promise<T>, isFailure: (error: unknown) => boolean = () => true): Promise<T> {
    if (!this.tryAcquire()) throw new CircuitOpenError((this.openedAt ?? this.now()) + this.openDurationMs);
    try {
      const result = await work();
      this.recordSuccess();
      return result;
    } catch (error: unknown) {
      // An answer like "unknown symbol" proves the source is up: it must not open the circuit.
      if (isFailure(error)) this.recordFailure();
      else this.recordSuccess();
      throw error;
    }
  }
}
