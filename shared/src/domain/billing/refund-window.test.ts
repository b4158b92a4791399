import { describe, expect, it } from 'vitest';
import { isWithinRefundWindow, refundDayOf, refundDeadline } from './refund-window';

const charged = new Date('2025-01-01T18:00:00Z');

describe('the 30-day money-back window', () => {
  it.each([
    ['2025-01-01T20:00:00Z', 0, true],
    ['2025-01-02T00:00:00Z', 1, true],
    // 1 January + 30 days = 31 January: the last day, to its last millisecond.
    ['2025-01-31T23:59:59.999Z', 30, true],
    ['2025-02-01T00:00:00Z', 31, false],
  ])('a request at %s is day %i (refundable: %s)', (requestedAt, day, refundable) => {
    const at = new Date(requestedAt);

    expect(refundDayOf(charged, at)).toBe(day);
    expect(isWithinRefundWindow(charged, at)).toBe(refundable);
  });

  it('names day 30 as the deadline', () => {
    expect(refundDeadline(charged).toISOString()).toBe('2025-01-31T18:00:00.000Z');
  });
});
