import { describe, expect, it } from 'vitest';
import { addCalendarMonths, addUtcDays, utcCalendarDaysBetween } from './billing-calendar';

const at = (iso: string) => new Date(iso);

describe('addCalendarMonths', () => {
  it.each([
    // A day the target month lacks becomes its last day; the time of day is kept.
    ['2025-01-31T10:00:00.000Z', 1, '2025-02-28T10:00:00.000Z'],
    ['2024-01-31T10:00:00.000Z', 1, '2024-02-29T10:00:00.000Z'],
    // Counted from the anchor, not chained: the third period ends on the 31st again.
    ['2025-01-31T10:00:00.000Z', 2, '2025-03-31T10:00:00.000Z'],
    ['2025-01-31T10:00:00.000Z', 3, '2025-04-30T10:00:00.000Z'],
    ['2025-12-20T23:59:59.999Z', 1, '2026-01-20T23:59:59.999Z'],
    // Annual periods from 29 February.
    ['2024-02-29T00:00:00.000Z', 12, '2025-02-28T00:00:00.000Z'],
    ['2024-02-29T00:00:00.000Z', 24, '2026-02-28T00:00:00.000Z'],
    ['2024-02-29T00:00:00.000Z', 48, '2028-02-29T00:00:00.000Z'],
  ])('from %s, %i month(s) later is %s', (anchor, months, expected) => {
    expect(addCalendarMonths(at(anchor), months).toISOString()).toBe(expected);
  });
});

describe('utcCalendarDaysBetween', () => {
  it('counts UTC dates, not 24-hour spans', () => {
    // 11 January 23:00 to 1 February 01:00: 21 dates apart (20 of January's remaining days + 1).
    expect(utcCalendarDaysBetween(at('2025-01-11T23:00:00Z'), at('2025-02-01T01:00:00Z'))).toBe(21);
  });

  it('is 0 on the same date and negative backwards', () => {
    expect(utcCalendarDaysBetween(at('2025-03-01T00:00:00Z'), at('2025-03-01T23:59:59Z'))).toBe(0);
    expect(utcCalendarDaysBetween(at('2025-03-02T00:00:00Z'), at('2025-03-01T23:59:59Z'))).toBe(-1);
  });

  it('spans 365 days for 2025 and 366 for 2024', () => {
    expect(utcCalendarDaysBetween(at('2025-01-01T12:00:00Z'), at('2026-01-01T12:00:00Z'))).toBe(365);
    expect(utcCalendarDaysBetween(at('2024-01-01T12:00:00Z'), at('2025-01-01T12:00:00Z'))).toBe(366);
  });
});

describe('addUtcDays', () => {
  it('adds 7 days across a month end', () => {
    expect(addUtcDays(at('2025-02-25T08:00:00Z'), 7).toISOString()).toBe('2025-03-04T08:00:00.000Z');
  });
});
