import { describe, expect, it } from 'vitest';
import type { BreakerRecord, ProviderStateRepository } from '../../data/provider-state-repository';
import { CircuitOpenError } from '../providers/http';
import { createSharedProviderGuard } from './shared-provider-guard';

/**
 * The shared limit's slots as one of two processes sees them: slots 115 ms apart (10 a second, 100 ms
 * margin), every other one taken by the other process, a clock that the test moves, and wake-ups
 * that come late by a chosen amount (a busy event loop).
 */
function guardWithLateWakeUps(lateness: readonly number[]) {
  let clock = 1_000_000;
  let nextSlot = clock;
  const reserved: number[] = [];
  const state: Pick<ProviderStateRepository, 'reserveSlot' | 'getBreaker'> = {
    async reserveSlot(_provider, intervalMs, now) {
      // Another worker takes the slot after each of this one's: this one's next slot is in the future.
      const slot = Math.max(now(), nextSlot);
      nextSlot = slot + 2 * intervalMs;
      reserved.push(slot);
      return slot;
    },
    async getBreaker() {
      return null;
    },
  };
  let wake = 0;
  const guard = createSharedProviderGuard({
    provider: 'yahoo',
    state: state as ProviderStateRepository,
    requestsPerSecond: 10,
    failures: 5,
    openMs: 120_000,
    now: () => clock,
    sleep: async (ms) => {
      clock += ms + (lateness[wake] ?? 0);
      wake += 1;
    },
  });
  return { guard, reserved, clock: () => clock };
}

describe('the shared guard never sends late', () => {
  it('gives up every slot it woke up more than 100 ms after, however many, and sends on time', async () => {
    // Eight late wake-ups in a row (150 ms each), then one on time.
    const { guard, reserved, clock } = guardWithLateWakeUps([...Array(8).fill(150), 0]);
    await guard.beforeRequest(); // the first slot is now: no sleep
    await guard.beforeRequest();
    // The second request gave up eight slots and went on the ninth, on time.
    expect(reserved).toHaveLength(10);
    expect(clock() - (reserved.at(-1) as number)).toBe(0);
  });

  it('sends when the wake-up is late by no more than 100 ms', async () => {
    const { guard, reserved, clock } = guardWithLateWakeUps([100]);
    await guard.beforeRequest();
    const window = await guard.beforeRequest();
    expect(reserved).toHaveLength(2);
    // The same 100 ms bound where the request is written to the socket (fetch-json.ts).
    expect(window?.lateBy()).toBe(0);
    expect(reserved[1] as number).toBe(1_000_230); // two slots of 115 ms on: the other worker took one
    expect(clock() - (reserved[1] as number)).toBe(100);
  });
});

describe('a reservation that takes longer than the lateness margin', () => {
  it('asks for a slot far enough ahead to be back in time, instead of giving up slot after slot', async () => {
    // One process, an idle limiter, and a table that answers each reservation 150 ms after it was
    // asked (busy with bar writes): a slot taken as "now" comes back 150 ms late.
    let clock = 1_000_000;
    let nextSlot = 0;
    const reserved: number[] = [];
    const state: Pick<ProviderStateRepository, 'reserveSlot' | 'getBreaker'> = {
      async reserveSlot(_provider, intervalMs, now) {
        if (reserved.length >= 20) throw new Error('20 slots given up');
        const slot = Math.max(now(), nextSlot);
        nextSlot = slot + intervalMs;
        reserved.push(slot);
        clock += 150;
        return slot;
      },
      async getBreaker() {
        return null;
      },
    };
    const guard = createSharedProviderGuard({
      provider: 'yahoo',
      state: state as ProviderStateRepository,
      requestsPerSecond: 10,
      failures: 5,
      openMs: 120_000,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
    });
    await guard.beforeRequest();
    // The first slot (no round trip measured yet) came back 150 ms late and was given up; the second
    // was asked for 150 ms ahead, so the request left on it.
    expect(reserved).toEqual([1_000_000, 1_000_300]);
    expect(clock).toBe(1_000_300);
    await guard.beforeRequest();
    // The next one, asked for at 1,000,300: 150 ms ahead (later than the next slot, 1,000,415).
    expect(reserved.at(-1)).toBe(1_000_450);
    expect(clock).toBe(1_000_450);
  });
});

/** One process's guard over a breaker opened at 0 by five failures, with a clock past its 120 s. */
function guardPastOpenBreaker() {
  let clock = 200_000;
  let nextSlot = 0;
  let stored: BreakerRecord = {
    provider: 'yahoo',
    state: 'open',
    consecutive_failures: 5,
    opened_at: 0,
    trial_started_at: null,
    changed_at: '1970-01-01T00:00:00.000Z',
    version: 1,
  };
  const state: Pick<ProviderStateRepository, 'reserveSlot' | 'getBreaker' | 'putBreaker'> = {
    async reserveSlot(_provider, intervalMs, now) {
      const slot = Math.max(now(), nextSlot);
      nextSlot = slot + intervalMs;
      return slot;
    },
    async getBreaker() {
      return stored;
    },
    async putBreaker(record) {
      if (record.version !== stored.version + 1) return false;
      stored = record;
      return true;
    },
  };
  const guard = createSharedProviderGuard({
    provider: 'yahoo',
    state: state as ProviderStateRepository,
    requestsPerSecond: 10,
    failures: 5,
    openMs: 120_000,
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
  });
  return { guard, breaker: () => stored };
}

describe('the half-open trial belongs to one request', () => {
  it('refuses the other requests of the process while its trial is out, and only its outcome settles it', async () => {
    const { guard, breaker } = guardPastOpenBreaker();
    const trial = await guard.beforeRequest();
    expect(breaker().trial_started_at).not.toBeNull();
    // Another symbol of the same worker, at the same time: refused, the provider is not asked.
    await expect(guard.beforeRequest()).rejects.toBeInstanceOf(CircuitOpenError);
    // A request that left before the breaker opened answers now: the trial's outcome is still awaited.
    await guard.afterAttempt('answered', { lateBy: () => 0 });
    expect(breaker()).toMatchObject({ state: 'open', opened_at: 0 });
    expect(breaker().trial_started_at).not.toBeNull();
    // The trial's answer closes it.
    await guard.afterAttempt('answered', trial ?? undefined);
    expect(breaker()).toMatchObject({ state: 'closed', consecutive_failures: 0, trial_started_at: null });
  });

  it('lets the trial that missed its send window ask again, and only that one', async () => {
    const { guard, breaker } = guardPastOpenBreaker();
    const missed = await guard.beforeRequest();
    // Another request that missed its own window is not the trial: refused.
    await expect(guard.beforeRequest({ lateBy: () => 1 })).rejects.toBeInstanceOf(CircuitOpenError);
    const again = await guard.beforeRequest(missed ?? undefined);
    expect(again).toBeDefined();
    // The missed window no longer holds the trial; the new one does: its failure opens the breaker again.
    await guard.afterAttempt('failed', missed ?? undefined);
    expect(breaker()).toMatchObject({ state: 'open', opened_at: 0 });
    expect(breaker().trial_started_at).not.toBeNull();
    await guard.afterAttempt('failed', again ?? undefined);
    // Reopened when the trial failed: on its second slot, 115 ms after the first (10 a second).
    expect(breaker()).toMatchObject({ state: 'open', opened_at: 200_115, trial_started_at: null });
  });

  it('hands the trial back, the breaker still open, when its request was never sent', async () => {
    const { guard, breaker } = guardPastOpenBreaker();
    const trial = await guard.beforeRequest();
    await guard.afterAttempt('unsent', trial ?? undefined);
    // Nothing reached the provider: not a failure, and the next request may claim the trial at once.
    expect(breaker()).toMatchObject({
      state: 'open',
      opened_at: 0,
      consecutive_failures: 5,
      trial_started_at: null,
    });
    await expect(guard.beforeRequest()).resolves.toBeDefined();
  });
});
