import { describe, expect, it } from 'vitest';
import { quoteImmediateChange } from '@app/shared/domain/billing/billing-quotes';
import { planPriceCents } from '@app/shared/domain/billing/billing-plans';
import { invoiceTotal, priceChangeInvoiceLines } from '../stripe-simulator/stripe-proration';

/**
 * The Stripe-format server's proration (tests/stripe-simulator/stripe-proration.ts) against Stripe's
 * worked example, then against our own quote (shared/src/domain/billing/billing-quotes.ts, docs/product.md
 * "Roles, plans and demo mode"): where they agree to the cent, where they do not, and the proration date
 * that makes Stripe's invoice equal our quote.
 */

const seconds = (iso: string) => Date.parse(iso) / 1000;
const DAY = 86_400;
const HOUR = 3_600;

describe("the Stripe-format server's proration", () => {
  it("gives Stripe's worked example: 10 USD to 20 USD halfway through the period bills 5 USD more", () => {
    // Stripe's "Prorations" page: -5 USD for the unused half of the 10 USD price, +10 USD for the
    // remaining half of the 20 USD price. A 30-day April, changed at the start of 16 April: half of it.
    const lines = priceChangeInvoiceLines({
      oldUnitAmount: 1_000,
      newUnitAmount: 2_000,
      period: { start: seconds('2025-04-01T00:00:00Z'), end: seconds('2025-05-01T00:00:00Z') },
      prorationDate: seconds('2025-04-16T00:00:00Z'),
      billingCycleAnchor: 'unchanged',
    });
    expect(lines.map((line) => line.amount)).toEqual([-500, 1_000]);
    expect(invoiceTotal(lines)).toBe(500);
  });

  it('prorates to the second: a quarter of an hour of a 1,000-cent, 30-day price is 0.35 cents, rounded to 0', () => {
    const period = { start: seconds('2025-04-01T00:00:00Z'), end: seconds('2025-05-01T00:00:00Z') };
    const lastQuarterHour = priceChangeInvoiceLines({
      oldUnitAmount: 1_000,
      newUnitAmount: 2_000,
      period,
      prorationDate: period.end - 15 * 60,
      billingCycleAnchor: 'unchanged',
    });
    // 1,000 x 900 / 2,592,000 = 0.347... -> 0; 2,000 x the same = 0.694... -> 1.
    expect(lastQuarterHour.map((line) => line.amount)).toEqual([0, 1]);
  });
});

describe('our upgrade quote and Stripe’s invoice for the same change', () => {
  // Premium monthly ($79) from 1 January 10:00 UTC; Pro monthly is $199 (docs/product.md).
  const premium = {
    priceCents: 7_900,
    start: new Date('2025-01-01T10:00:00Z'),
    end: new Date('2025-02-01T10:00:00Z'),
  };
  const stripePeriod = { start: seconds('2025-01-01T10:00:00Z'), end: seconds('2025-02-01T10:00:00Z') };
  const upgrade = (prorationDate: number) =>
    invoiceTotal(
      priceChangeInvoiceLines({
        oldUnitAmount: 7_900,
        newUnitAmount: 19_900,
        period: stripePeriod,
        prorationDate,
        // Our rule starts a new period at the upgrade, billed whole.
        billingCycleAnchor: 'now',
      }),
    );

  it('agree to the cent when the change falls at the period’s time of day', () => {
    // 21 of 31 days left: 7,900 x 21 / 31 = 5,351.61 -> 5,352 credit; 19,900 - 5,352 = 14,548.
    const quote = quoteImmediateChange(
      premium,
      { tier: 'PRO', cycle: 'monthly' },
      new Date('2025-01-11T10:00:00Z'),
    );
    expect(quote.amountDueCents).toBe(14_548);
    expect(upgrade(seconds('2025-01-11T10:00:00Z'))).toBe(14_548);
  });

  it('differ by the hours of the change day when Stripe prorates at the instant of the change', () => {
    // Our rule counts the change day as remaining (5,352 credit at any hour of 11 January); at 15:00
    // Stripe credits 7,900 x (504 - 5) / 744 hours = 5,298.52 -> 5,299, so it would charge 53 cents more.
    const at = new Date('2025-01-11T15:00:00Z');
    const quote = quoteImmediateChange(premium, { tier: 'PRO', cycle: 'monthly' }, at);
    expect(quote.amountDueCents).toBe(14_548);
    expect(upgrade(at.getTime() / 1000)).toBe(19_900 - 5_299);
    // Stripe's proration_date set to the change day at the period's time of day gives our figure.
    expect(upgrade(seconds('2025-01-11T10:00:00Z'))).toBe(14_548);
  });

  it('agree at every hour of every day of monthly and annual periods with that proration date', () => {
    const cases: { from: 'PREMIUM'; cycle: 'monthly' | 'annual'; start: string; months: number }[] = [
      { from: 'PREMIUM', cycle: 'monthly', start: '2025-01-31T23:30:00Z', months: 1 },
      { from: 'PREMIUM', cycle: 'monthly', start: '2024-02-10T06:15:00Z', months: 1 },
      { from: 'PREMIUM', cycle: 'annual', start: '2024-03-05T18:45:00Z', months: 12 },
    ];
    let compared = 0;
    for (const { from, cycle, start, months } of cases) {
      const startDate = new Date(start);
      const endDate = new Date(startDate);
      endDate.setUTCMonth(endDate.getUTCMonth() + months);
      // A month after 31 January ends on 28 February (month-end clamping).
      if (endDate.getUTCDate() !== startDate.getUTCDate()) endDate.setUTCDate(0);
      const oldPrice = planPriceCents({ tier: from, cycle });
      const newPrice = planPriceCents({ tier: 'PRO', cycle });
      const period = { start: startDate.getTime() / 1000, end: endDate.getTime() / 1000 };
      const anchorSecondOfDay = period.start % DAY;
      for (let at = period.start; at < period.end; at += 7 * HOUR) {
        const quote = quoteImmediateChange(
          { priceCents: oldPrice, start: startDate, end: endDate },
          { tier: 'PRO', cycle },
          new Date(at * 1000),
        );
        const prorationDate = Math.min(period.end, at - (at % DAY) + anchorSecondOfDay);
        const total = invoiceTotal(
          priceChangeInvoiceLines({
            oldUnitAmount: oldPrice,
            newUnitAmount: newPrice,
            period,
            prorationDate,
            billingCycleAnchor: 'now',
          }),
        );
        expect({ at: new Date(at * 1000).toISOString(), total }).toEqual({
          at: new Date(at * 1000).toISOString(),
          total: quote.amountDueCents,
        });
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(1_300);
  });
});
