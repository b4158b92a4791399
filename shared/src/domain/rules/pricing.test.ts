import { describe, expect, it } from 'vitest';
import {
  ANNUAL_DISCOUNT,
  DEFAULT_BILLING_PERIOD,
  REFUND_DAYS,
  annualBilledPrice,
  annualMonthlyPrice,
  displayedMonthlyPrice,
} from './pricing';

describe('pricing constants', () => {
  it('discounts annual billing by 20%, refunds within 30 days and defaults to monthly', () => {
    expect(ANNUAL_DISCOUNT).toBe(0.2);
    expect(REFUND_DAYS).toBe(30);
    expect(DEFAULT_BILLING_PERIOD).toBe('monthly');
  });
});

describe('annualMonthlyPrice', () => {
  it.each([
    [0, 0],
    [29, 23],
    [79, 63],
    [199, 159],
    // Rounding boundary: x.5 rounds up, just below rounds down.
    [10.625, 9],
    [10.6, 8],
    [3.75, 3],
    [3.125, 3],
    [1.875, 2],
  ])('shows %s a month as %s a month when billed annually', (monthly, expected) => {
    const price = annualMonthlyPrice(monthly);

    expect(price).toBe(expected);
  });
});

describe('annualBilledPrice', () => {
  it.each([
    // By hand: round(0.8 x 79) = round(63.2) = 63, x 12 = 756; round(0.8 x 199) = round(159.2) = 159,
    // x 12 = 1,908; round(0.8 x 29) = round(23.2) = 23, x 12 = 276.
    [0, 0],
    [29, 276],
    [79, 756],
    [199, 1908],
  ])('bills %s a month as %s a year (12 x the discounted monthly price)', (monthly, expected) => {
    const price = annualBilledPrice(monthly);

    expect(price).toBe(expected);
  });
});

describe('displayedMonthlyPrice', () => {
  it.each([
    [79, 'monthly', 79],
    [79, 'annual', 63],
    [199, 'monthly', 199],
    [199, 'annual', 159],
  ] as const)('shows %s in %s mode as %s', (monthly, period, expected) => {
    const price = displayedMonthlyPrice(monthly, period);

    expect(price).toBe(expected);
  });
});
