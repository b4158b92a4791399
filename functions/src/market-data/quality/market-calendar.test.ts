import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  expectedSessions,
  isExpectedSession,
  marketToday,
  missedSessions,
} from './market-calendar';

describe('market calendars', () => {
  it('NYSE: weekdays without the scheduled holidays; an unscheduled closure is still a weekday', () => {
    // Week of Good Friday 2012-04-06: Monday-Thursday trade, Friday is a holiday.
    expect(expectedSessions('nyse', '2012-04-02', '2012-04-08')).toEqual([
      '2012-04-02',
      '2012-04-03',
      '2012-04-04',
      '2012-04-05',
    ]);
    // Hurricane Sandy closed the NYSE on 2012-10-29 and 30; nyse-holidays does not know unscheduled closures.
    expect(isExpectedSession('nyse', '2012-10-29')).toBe(true);
    // Juneteenth is a holiday from 2022.
    expect(isExpectedSession('nyse', '2023-06-19')).toBe(false);
  });

  it('Euronext: Good Friday and Easter Monday from the date of Easter, 1 May, 25 and 26 December', () => {
    // Easter Sundays checked against published tables: 2019-04-21, 2024-03-31, 2025-04-20.
    expect([2019, 2024, 2025].map(easterSunday)).toEqual(['2019-04-21', '2024-03-31', '2025-04-20']);
    expect(expectedSessions('euronext', '2024-03-28', '2024-04-02')).toEqual(['2024-03-28', '2024-04-02']);
    expect(isExpectedSession('euronext', '2024-05-01')).toBe(false);
    expect(isExpectedSession('euronext', '2024-12-26')).toBe(false);
    expect(isExpectedSession('nyse', '2024-12-26')).toBe(true);
  });

  it('FX trades on weekdays and crypto every day', () => {
    expect(expectedSessions('fx', '2024-01-05', '2024-01-08')).toEqual(['2024-01-05', '2024-01-08']);
    expect(expectedSessions('crypto', '2024-01-05', '2024-01-08')).toHaveLength(4);
  });

  it("judges missed sessions in the market's own day, not counting today's", () => {
    // 2024-01-10 14:00 in New York is 19:00 UTC. Monday's bar: Tuesday's session ended without one.
    expect(missedSessions('nyse', '2024-01-08', new Date('2024-01-10T19:00:00Z'))).toEqual(['2024-01-09']);
    // Friday's bar on Monday: the weekend has no session.
    expect(missedSessions('nyse', '2024-01-05', new Date('2024-01-08T19:00:00Z'))).toEqual([]);
    // Over Martin Luther King Day (2024-01-15): Friday's bar on Tuesday is not late.
    expect(missedSessions('nyse', '2024-01-12', new Date('2024-01-16T19:00:00Z'))).toEqual([]);
    // 2024-01-10 03:00 UTC is still 2024-01-09 in New York.
    expect(marketToday('nyse', new Date('2024-01-10T03:00:00Z'))).toBe('2024-01-09');
    expect(missedSessions('crypto', '2024-01-08', new Date('2024-01-10T00:30:00Z'))).toEqual(['2024-01-09']);
  });
});
