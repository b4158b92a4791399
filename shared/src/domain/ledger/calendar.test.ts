import { describe, expect, it } from 'vitest';
import { addDays, dateFromEpochDay, daysBetween, eachDay, epochDay } from './calendar';

describe('calendar days', () => {
  it('turns day numbers into the same ISO dates as Date does, across four centuries', () => {
    const mismatches: number[] = [];
    for (let day = epochDay('1900-01-01'); day <= epochDay('2300-12-31'); day += 1) {
      if (dateFromEpochDay(day) !== new Date(day * 86_400_000).toISOString().slice(0, 10))
        mismatches.push(day);
    }

    expect(mismatches).toEqual([]);
  });

  it('counts and steps days across month, leap-day and year ends', () => {
    expect(addDays('2016-02-28', 1)).toBe('2016-02-29');
    expect(addDays('2017-02-28', 1)).toBe('2017-03-01');
    expect(addDays('2017-01-01', -1)).toBe('2016-12-31');
    expect(daysBetween('2017-01-03', '2017-06-30')).toBe(178);
    expect(eachDay('2016-12-30', '2017-01-02')).toEqual([
      '2016-12-30',
      '2016-12-31',
      '2017-01-01',
      '2017-01-02',
    ]);
  });
});
