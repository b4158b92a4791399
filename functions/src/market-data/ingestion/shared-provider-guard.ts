import { channel } from 'node:diagnostics_channel';
import type { BreakerRecord, ProviderStateRepository } from '../../data/provider-state-repository';
import {
  CircuitOpenError,
  type AttemptOutcome,
  type ProviderRequestGuard,
  type SendWindow,
} from '../providers/http';

/*
 * A provider's rate limit and circuit breaker, shared by every worker through the market table
 * (data/provider-state-repository.ts), so concurrent workers respect them together.
 *
 * Rate limit: a token bucket of one token refilled every `intervalMs` (GCRA): each request reserves
 * the next free slot, at least `intervalMs` after the previous one, with a conditional write, and
 * waits for it. Slots are spaced (1000 + guardMs) / limit apart: in any sliding one-second window a
 * provider sees at most `limit` requests, even when a request leaves up to `guardMs` late and the
 * next one leaves on time; a request that wakes up later than that gives its slot up and takes the
 * next. A bucket holding more than one token would allow bursts that break the sliding-window
 * promise, so it holds one. Within a process reservations queue one behind the other, so the
 * conditional writes only race between processes.
 *
 * Breaker (the states of providers/http/circuit-breaker.ts, stored): `failures` failed or throttled
 * requests in a row open it for `openMs`; then one worker claims the single trial request (a
 * conditional write, so two cannot); its success closes the breaker, its failure opens it again. A
 * trial whose worker died is given up after `trialTimeoutMs`. An answer such as "no such symbol"
 * proves the provider up and resets the count. Workers read the breaker at most once a second.
 *
 * The trial is one request, not the process: a worker sends several symbols at once, so the claim
 * goes with the send window handed to that request. Only the request that missed that window (not
 * sent, fetch-json.ts) may ask again past the open breaker, and only its outcome settles the trial;
 * the worker's other requests are refused meanwhile, and one that left before the breaker opened
 * does not close or reopen it while the trial is out.
 *
 * Requests, throttled answers and failures are counted per minute for the admin monitor.
 */

export interface SharedGuardOptions {
  provider: string;
  state: ProviderStateRepository;
  requestsPerSecond: number;
  /** Lateness a request may have without breaking the one-second window. Default 100 ms. */
  guardMs?: number;
  failures: number;
  openMs: number;
  trialTimeoutMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface SharedProviderGuard extends ProviderRequestGuard {
  /** Writes the counts gathered since the last flush (one write per minute touched). */
  flush(): Promise<void>;
}

const BREAKER_CACHE_MS = 1_000;
const COUNT_TTL_SECONDS = 2 * 3600;
const MAX_BREAKER_WRITES = 5;
/**
 * Lateness a request may have on its slot. A worker busy merging other symbols' bars wakes up late
 * by tens of milliseconds; 100 ms holds the sliding-second promise on a loaded two-core machine, at
 * the price of spacing slots 1.1 / limit seconds apart (10 a second: one request every 110 ms).
 */
export const DEFAULT_GUARD_MS = 100;
/**
 * How much two requests' trips to the provider may differ: what the provider counts is arrivals, and
 * the clean-clone runs saw 11 arrivals in one second with slots spaced for send times alone.
 */
const ARRIVAL_SPREAD_MS = 50;
/** The longest lead a reservation takes on its round trip (see `reserve`). */
const MAX_LEAD_MS = 1_000;

/**
 * Each slot a request leaves on (provider, slot, and the instant the guard let it go), published for
 * the ingestion bench's send-path trace (bench/ingestion-send-trace.ts); free without a subscriber.
 */
export const SLOT_TAKEN_CHANNEL = 'nugget:provider-guard:slot-taken';
/** Each slot given up because the guard woke up more than its margin after it (same message). */
export const SLOT_GIVEN_UP_CHANNEL = 'nugget:provider-guard:slot-given-up';
export interface SlotTaken {
  provider: string;
  slot: number;
  releasedAt: number;
}
const slotTaken = channel(SLOT_TAKEN_CHANNEL);
const slotGivenUp = channel(SLOT_GIVEN_UP_CHANNEL);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function minuteOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 16);
}

export function slotIntervalMs(requestsPerSecond: number, guardMs: number): number {
  return Math.ceil((1000 + guardMs + ARRIVAL_SPREAD_MS) / requestsPerSecond);
}

export function createSharedProviderGuard(options: SharedGuardOptions): SharedProviderGuard {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const guardMs = options.guardMs ?? DEFAULT_GUARD_MS;
  const intervalMs = slotIntervalMs(options.requestsPerSecond, guardMs);
  const trialTimeoutMs = options.trialTimeoutMs ?? 30_000;
  const counts = new Map<string, { requests: number; throttled: number; failed: number }>();
  let cached: { record: BreakerRecord | null; readAt: number } | null = null;
  /** The send window of this process's trial request, while it holds the breaker's trial. */
  let trialWindow: SendWindow | null = null;

  async function readBreaker(fresh: boolean): Promise<BreakerRecord | null> {
    if (!fresh && cached && now() - cached.readAt < BREAKER_CACHE_MS) return cached.record;
    const record = await options.state.getBreaker(options.provider);
    cached = { record, readAt: now() };
    return record;
  }

  /** Applies `change` to the stored breaker, re-reading on a conflict; null change = nothing to write. */
  async function updateBreaker(
    change: (
      current: BreakerRecord | null,
    ) => Omit<BreakerRecord, 'version' | 'provider' | 'changed_at'> | null,
  ): Promise<boolean> {
    for (let attempt = 0; attempt < MAX_BREAKER_WRITES; attempt += 1) {
      const current = await readBreaker(attempt > 0);
      const next = change(current);
      if (!next) return false;
      const record: BreakerRecord = {
        provider: options.provider,
        ...next,
        changed_at: new Date(now()).toISOString(),
        version: (current?.version ?? 0) + 1,
      };
      if (await options.state.putBreaker(record)) {
        cached = { record, readAt: now() };
        return true;
      }
    }
    return false;
  }

  /**
   * One reservation at a time per process: the requests of one worker queue here, so the conditional
   * writes race only between workers (a handful), not between every request in flight.
   *
   * A reservation is a round trip to the table. When the limiter is idle the slot it takes is "now",
   * so it comes back as late as the round trip was long, and a round trip over `guardMs` (the table
   * busy with bar writes) would make every such slot one to give up, again and again. So a slot is
   * asked for no earlier than the last round trip's length from now (at most `MAX_LEAD_MS`): it
   * comes back in time to be waited for. Slots stay `intervalMs` apart whatever the lead (the table's
   * conditional write), so the lead moves slots later, never closer together.
   */
  let reservations: Promise<unknown> = Promise.resolve();
  let leadMs = 0;
  function reserve(): Promise<number> {
    const turn = reservations.then(async () => {
      const asked = now();
      const lead = leadMs;
      const slot = await options.state.reserveSlot(options.provider, intervalMs, () => now() + lead);
      leadMs = Math.min(Math.max(0, now() - asked), MAX_LEAD_MS);
      return slot;
    });
    reservations = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Waits for a slot, and gives it up for the next one when this process woke up more than `guardMs`
   * after it (a busy event loop): a request sent late could share a second with the next worker's.
   * It never sends late, however many slots it misses: a process that did (after five, before) could
   * put an eleventh request into a second (bench/results.md section 8); one starved of CPU waits.
   */
  async function takeSlot(): Promise<SendWindow> {
    for (;;) {
      const slot = await reserve();
      const wait = slot - now();
      if (wait > 0) await sleep(wait);
      const releasedAt = now();
      if (releasedAt - slot <= guardMs) {
        if (slotTaken.hasSubscribers) {
          slotTaken.publish({ provider: options.provider, slot, releasedAt } satisfies SlotTaken);
        }
        // The same margin holds where the request is written to the socket (fetch-json.ts).
        return { lateBy: () => now() - (slot + guardMs) };
      }
      if (slotGivenUp.hasSubscribers) {
        slotGivenUp.publish({ provider: options.provider, slot, releasedAt } satisfies SlotTaken);
      }
    }
  }

  function count(outcome: AttemptOutcome): void {
    const minute = minuteOf(now());
    const entry = counts.get(minute) ?? { requests: 0, throttled: 0, failed: 0 };
    entry.requests += 1;
    if (outcome === 'throttled') entry.throttled += 1;
    if (outcome === 'failed') entry.failed += 1;
    counts.set(minute, entry);
  }

  return {
    async beforeRequest(missed) {
      // The trial's request that missed its send window (not sent) asks again for its slot only.
      const keepsTrial = missed !== undefined && missed === trialWindow;
      let claimed = false;
      const breaker = keepsTrial ? null : await readBreaker(false);
      if (breaker?.state === 'open') {
        const reopensAt = (breaker.opened_at ?? 0) + options.openMs;
        if (now() < reopensAt) throw new CircuitOpenError(reopensAt);
        const trialOut =
          breaker.trial_started_at !== null && now() - breaker.trial_started_at < trialTimeoutMs;
        if (trialOut) throw new CircuitOpenError(now() + BREAKER_CACHE_MS);
        // Half-open: claim the one trial request, or leave it to the worker that did.
        claimed = await updateBreaker((current) =>
          current?.state === 'open' &&
          now() >= (current.opened_at ?? 0) + options.openMs &&
          (current.trial_started_at === null || now() - current.trial_started_at >= trialTimeoutMs)
            ? { ...current, trial_started_at: now() }
            : null,
        );
        if (!claimed) throw new CircuitOpenError(now() + BREAKER_CACHE_MS);
      }
      const window = await takeSlot();
      if (keepsTrial || claimed) trialWindow = window;
      return window;
    },

    async afterAttempt(outcome, window) {
      const wasTrial = window !== undefined && window === trialWindow;
      if (wasTrial) trialWindow = null;
      /** Another request's trial is out: its outcome, not this one's, settles the breaker. */
      const othersTrial = (current: BreakerRecord | null) =>
        !wasTrial &&
        current?.state === 'open' &&
        current.trial_started_at !== null &&
        now() - current.trial_started_at < trialTimeoutMs;
      if (outcome === 'unsent') {
        // Nothing reached the provider: no request to count; a trial is handed back for another claim.
        if (wasTrial) {
          await updateBreaker((current) =>
            current?.state === 'open' ? { ...current, trial_started_at: null } : null,
          );
        }
        return;
      }
      count(outcome);
      if (outcome === 'answered') {
        await updateBreaker((current) =>
          current && !othersTrial(current) && (current.state === 'open' || current.consecutive_failures > 0)
            ? { state: 'closed', consecutive_failures: 0, opened_at: null, trial_started_at: null }
            : null,
        );
        return;
      }
      await updateBreaker((current) => {
        const failures = (current?.consecutive_failures ?? 0) + 1;
        const open = wasTrial || current?.state === 'open' || failures >= options.failures;
        return {
          state: open ? 'open' : 'closed',
          consecutive_failures: failures,
          // A failure while already open (a request that left before it opened) does not extend it.
          opened_at: open
            ? wasTrial || current?.state !== 'open'
              ? now()
              : (current?.opened_at ?? now())
            : null,
          trial_started_at: othersTrial(current ?? null) ? (current?.trial_started_at ?? null) : null,
        };
      });
    },

    async flush() {
      const entries = [...counts.entries()];
      counts.clear();
      const expires = Math.floor(now() / 1000) + COUNT_TTL_SECONDS;
      for (const [minute, entry] of entries) {
        await options.state.addCounts(options.provider, { minute, ...entry }, expires);
      }
    },
  };
}
