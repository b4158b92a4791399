import { describe, expect, it } from 'vitest';
import { endOfBillingPeriod } from './billing-period';

describe('endOfBillingPeriod', () => {
  it.each([
    ['2025-03-14T09:30:00.000Z', '2025-04-14T09:30:00.000Z'],
    ['2025-12-20T23:59:59.999Z', '2026-01-20T23:59:59.999Z'],
    ['2025-01-31T12:00:00.000Z', '2025-02-28T12:00:00.000Z'],
    ['2024-01-31T12:00:00.000Z', '2024-02-29T12:00:00.000Z'],
    ['2025-03-31T00:00:00.000Z', '2025-04-30T00:00:00.000Z'],
  ])('bills a period starting %s until %s', (start, expected) => {
    expect(endOfBillingPeriod(new Date(start)).toISOString()).toBe(expected);
  });
});
