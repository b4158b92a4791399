import { describe, expect, it } from 'vitest';
import {
  barOnOrBefore,
  buildReplayCalendar,
  daysBetween,
  isSameCycle,
  liveMarketDateAt,
  marketDateAt,
  replayMomentAt,
  type MarketClockConfig,
} from './market-dates';

const bars = (...dates: string[]) => dates.map((date) => ({ date, close: 1 }));

describe('replay calendar', () => {
  it('holds every date of the window on which at least one series has a bar, once, ascending', () => {
    // A stock (weekdays, 2017-01-02 a holiday) and an FX series (no bar on 2017-01-05).
    const stock = bars('2016-12-30', '2017-01-03', '2017-01-04', '2017-01-05', '2017-01-06', '2017-01-09');
    const fx = bars('2017-01-03', '2017-01-04', '2017-01-06');
    expect(
      buildReplayCalendar([{ bars: stock }, { bars: fx }], { from: '2017-01-01', to: '2017-01-06' }),
    ).toEqual(['2017-01-03', '2017-01-04', '2017-01-05', '2017-01-06']);
  });

  it('refuses a window no series covers, and a window that ends before it starts', () => {
    expect(() =>
      buildReplayCalendar([{ bars: bars('2013-01-02') }], { from: '2017-01-01', to: '2017-06-30' }),
    ).toThrow(/no series has a bar/);
    expect(() =>
      buildReplayCalendar([{ bars: bars('2017-01-02') }], { from: '2017-02-01', to: '2017-01-01' }),
    ).toThrow(/after/);
  });
});

describe('market clock', () => {
  const epochMs = Date.parse('2026-01-01T00:00:00Z');
  // Three replay dates (a weekend skipped): the clock walks them one per minute, then wraps.
  const config: MarketClockConfig = {
    epochMs,
    msPerDay: 60_000,
    calendar: ['2017-03-09', '2017-03-10', '2017-03-13'],
  };
  const at = (minutes: number, seconds = 0) => epochMs + minutes * 60_000 + seconds * 1000;

  it('steps one calendar date per tick and skips the dates the calendar lacks', () => {
    expect(marketDateAt(at(0), config).date).toBe('2017-03-09');
    expect(marketDateAt(at(0, 59), config).date).toBe('2017-03-09');
    expect(marketDateAt(at(1), config).date).toBe('2017-03-10');
    // 2017-03-11 and 12 (a weekend) are not in the calendar: the next tick is Monday.
    expect(marketDateAt(at(2), config)).toMatchObject({ date: '2017-03-13', step: 2, cycle: 0 });
  });

  it('wraps to the first date for everything at once and counts a new cycle', () => {
    const before = marketDateAt(at(2, 30), config);
    const after = marketDateAt(at(3), config);
    expect(after).toMatchObject({ date: '2017-03-09', step: 0, cycle: 1 });
    expect(isSameCycle(before, after)).toBe(false);
    expect(isSameCycle(after, marketDateAt(at(5, 59), config))).toBe(true);
    // The cycle is named by the wall time it began: 3 dates x 1 minute after the epoch.
    expect(after.cycleId).toBe('2026-01-01T00:03:00.000Z');
  });

  it('gives the wall times a date begins and ends, before the epoch too', () => {
    expect(marketDateAt(at(1, 20), config)).toMatchObject({ startedAtMs: at(1), nextAtMs: at(2) });
    // One minute before the epoch is the last date of cycle -1.
    expect(marketDateAt(at(-1), config)).toMatchObject({ date: '2017-03-13', step: 2, cycle: -1 });
  });

  it('runs at the configured speed: one date a day freezes it for a test run', () => {
    const frozen = { ...config, msPerDay: 86_400_000 };
    expect(marketDateAt(epochMs + 23 * 3_600_000, frozen).date).toBe('2017-03-09');
    expect(() => marketDateAt(epochMs, { ...config, msPerDay: 0 })).toThrow(/positive/);
  });

  it('places the historical moment between two closes in proportion to the elapsed tick', () => {
    // 2017-03-10 21:00 UTC to 2017-03-13 21:00 UTC is 72 hours; half a tick is 36 hours on.
    expect(replayMomentAt(at(1, 30), config).toISOString()).toBe('2017-03-12T09:00:00.000Z');
    // The last date has no next date: its moment spans one day.
    expect(replayMomentAt(at(2, 15), config).toISOString()).toBe('2017-03-14T03:00:00.000Z');
  });

  it('reads the live market at the UTC day of the wall clock', () => {
    expect(liveMarketDateAt(Date.parse('2026-05-04T23:59:00Z'))).toMatchObject({
      date: '2026-05-04',
      cycleId: 'live',
      nextAtMs: Date.parse('2026-05-05T00:00:00Z'),
    });
  });
});

describe('bar on or before a date', () => {
  const series = bars('2017-03-08', '2017-03-09', '2017-03-10', '2017-03-14');

  it('is the bar of the date, else the last one before it within three days', () => {
    expect(barOnOrBefore(series, '2017-03-09')).toEqual({ bar: series[1], index: 1 });
    // Saturday, Sunday, Monday read Friday's bar (1, 2 and 3 days old).
    expect(barOnOrBefore(series, '2017-03-13')?.bar.date).toBe('2017-03-10');
  });

  it('is no data when the last bar is more than three days old, or when none precedes the date', () => {
    expect(barOnOrBefore(bars('2017-03-10'), '2017-03-14')).toBeNull();
    expect(barOnOrBefore(series, '2017-03-07')).toBeNull();
    expect(barOnOrBefore([], '2017-03-07')).toBeNull();
    // Facebook's replayed series ends in 2014: never a price on a 2017 date.
    expect(barOnOrBefore(bars('2014-03-07'), '2017-03-14')).toBeNull();
  });

  it('takes another age limit when asked', () => {
    expect(barOnOrBefore(series, '2017-03-13', 2)).toBeNull();
    expect(daysBetween('2017-02-27', '2017-03-01')).toBe(2);
  });
});
