import { describe, expect, it } from 'vitest';
import type { ProviderStateRepository } from '../../data/provider-state-repository';
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
    expect(window).toEqual({ sendBy: 1_000_230 + 100 });
    expect(reserved[1] as number).toBe(1_000_230); // two slots of 115 ms on: the other worker took one
    expect(clock() - (reserved[1] as number)).toBe(100);
  });
});
