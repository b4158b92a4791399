import { describe, expect, it } from 'vitest';
import { prorationDateOf, withInvoiceFigures } from './subscription-lifecycle';
import type { PaymentContext } from './billing-account';

const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('prorationDateOf: the change day at the period’s time of day (whole-day proration at Stripe)', () => {
  const period = { start: '2026-03-01T10:00:00.000Z', end: '2026-04-01T10:00:00.000Z' };

  it('moves a change at 15:00 back to 10:00 the same day, and one at 09:00 forward to 10:00', () => {
    expect(prorationDateOf(period, new Date('2026-03-11T15:00:00Z'))).toBe(seconds('2026-03-11T10:00:00Z'));
    expect(prorationDateOf(period, new Date('2026-03-11T09:00:00Z'))).toBe(seconds('2026-03-11T10:00:00Z'));
  });

  it('stays within the period: the first morning is its start, the last evening its end', () => {
    expect(prorationDateOf(period, new Date('2026-03-01T10:30:00Z'))).toBe(seconds('2026-03-01T10:00:00Z'));
    expect(prorationDateOf(period, new Date('2026-04-01T09:59:00Z'))).toBe(seconds('2026-04-01T10:00:00Z'));
  });
});

describe("withInvoiceFigures: Stripe's invoice is what was charged", () => {
  it("takes the plan line, the credit and the total from Stripe's invoice", () => {
    const context = { priceCents: 1, creditCents: 2, amountCents: 3, key: 'k' } as PaymentContext;
    const figures = withInvoiceFigures(context, {
      id: 'in_1',
      totalCents: 14_548,
      planCents: 19_900,
      creditCents: 5_352,
    });
    expect(figures).toMatchObject({ priceCents: 19_900, creditCents: 5_352, amountCents: 14_548, key: 'k' });
  });
});
