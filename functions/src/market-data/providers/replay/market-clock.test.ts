import { describe, expect, it } from 'vitest';
import { createMarketClock, getReplayStartIndex } from './market-clock';

describe('market clock', () => {
  const epochMs = Date.parse('2025-01-01T00:00:00Z');
  const clock = createMarketClock({ epochMs });

  it('advances one bar per real minute from the end of the warm-up', () => {
    expect(clock.getReplayIndex(1000, new Date(epochMs))).toBe(252);
    expect(clock.getReplayIndex(1000, new Date(epochMs + 59_999))).toBe(252);
    expect(clock.getReplayIndex(1000, new Date(epochMs + 60_000))).toBe(253);
  });

  it('loops over each series window and stays inside it, before the epoch too', () => {
    // 1000 bars: window 252..999, 748 bars long.
    expect(clock.getReplayIndex(1000, new Date(epochMs + 748 * 60_000))).toBe(252);
    expect(clock.getReplayIndex(1000, new Date(epochMs - 60_000))).toBe(999);
    for (let minute = -2000; minute < 2000; minute += 37) {
      const index = clock.getReplayIndex(365, new Date(epochMs + minute * 60_000));
      expect(index).toBeGreaterThanOrEqual(getReplayStartIndex(365));
      expect(index).toBeLessThan(365);
    }
  });

  it('is deterministic and configurable', () => {
    const fast = createMarketClock({ epochMs, msPerBar: 1000 });
    expect(fast.getReplayIndex(1000, new Date(epochMs + 5000))).toBe(257);
    expect(fast.getReplayIndex(1000, new Date(epochMs + 5000))).toBe(257);
    expect(getReplayStartIndex(365)).toBe(182);
  });
});
