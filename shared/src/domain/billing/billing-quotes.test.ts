import { describe, expect, it } from 'vitest';
import { prorationCreditCents, quoteImmediateChange, quoteNewSubscription } from './billing-quotes';

const at = (iso: string) => new Date(iso);

describe('prorationCreditCents', () => {
  const januaryPremium = {
    priceCents: 7_900,
    start: at('2025-01-01T09:00:00Z'),
    end: at('2025-02-01T09:00:00Z'),
  };

  it('credits price x remaining days / days in the period, to the nearest cent', () => {
    // 31 days in the period; 11 January to 1 February is 21 remaining days (11..31 January).
    // 7,900 x 21 / 31 = 165,900 / 31 = 5,351.61... -> 5,352 cents.
    expect(prorationCreditCents(januaryPremium, at('2025-01-11T15:00:00Z'))).toBe(5_352);
  });

  it('credits all of it on the first day and nothing from the last day on', () => {
    expect(prorationCreditCents(januaryPremium, at('2025-01-01T20:00:00Z'))).toBe(7_900);
    expect(prorationCreditCents(januaryPremium, at('2025-02-01T08:00:00Z'))).toBe(0);
    expect(prorationCreditCents(januaryPremium, at('2025-03-01T08:00:00Z'))).toBe(0);
    expect(prorationCreditCents(januaryPremium, at('2024-12-30T08:00:00Z'))).toBe(7_900);
  });

  it('rounds half a cent up', () => {
    // 101 x 1 / 2 = 50.5 -> 51.
    const twoDays = { priceCents: 101, start: at('2025-01-01T00:00:00Z'), end: at('2025-01-03T00:00:00Z') };
    expect(prorationCreditCents(twoDays, at('2025-01-02T00:00:00Z'))).toBe(51);
  });
});

describe('quoteNewSubscription', () => {
  it('charges the full annual price and bills again a year later', () => {
    const quote = quoteNewSubscription({ tier: 'PREMIUM', cycle: 'annual' }, at('2025-03-10T08:00:00Z'));

    expect(quote).toMatchObject({ priceCents: 75_600, creditCents: 0, amountDueCents: 75_600 });
    expect(quote.periodEnd.toISOString()).toBe('2026-03-10T08:00:00.000Z');
  });
});

describe('quoteImmediateChange', () => {
  it('takes the Premium credit off Platinum first charge (31-day January)', () => {
    const current = { priceCents: 7_900, start: at('2025-01-01T09:00:00Z'), end: at('2025-02-01T09:00:00Z') };

    const quote = quoteImmediateChange(
      current,
      { tier: 'PRO', cycle: 'monthly' },
      at('2025-01-11T15:00:00Z'),
    );

    // Credit 5,352 (above); 19,900 - 5,352 = 14,548 due; the new period runs 11 January to 11 February.
    expect(quote).toMatchObject({
      priceCents: 19_900,
      creditCents: 5_352,
      amountDueCents: 14_548,
      remainingDays: 21,
      daysInReplacedPeriod: 31,
    });
    expect(quote.periodStart.toISOString()).toBe('2025-01-11T15:00:00.000Z');
    expect(quote.periodEnd.toISOString()).toBe('2025-02-11T15:00:00.000Z');
  });

  it('prorates a 28-day February exactly', () => {
    const current = { priceCents: 7_900, start: at('2025-02-01T00:00:00Z'), end: at('2025-03-01T00:00:00Z') };

    const quote = quoteImmediateChange(
      current,
      { tier: 'PRO', cycle: 'monthly' },
      at('2025-02-15T12:00:00Z'),
    );

    // 15 February to 1 March: 14 of 28 days; 7,900 x 14 / 28 = 3,950; 19,900 - 3,950 = 15,950.
    expect(quote).toMatchObject({ creditCents: 3_950, amountDueCents: 15_950 });
  });

  it('prorates an annual Premium into annual Platinum', () => {
    const current = {
      priceCents: 75_600,
      start: at('2025-01-01T00:00:00Z'),
      end: at('2026-01-01T00:00:00Z'),
    };

    const quote = quoteImmediateChange(current, { tier: 'PRO', cycle: 'annual' }, at('2025-03-01T00:00:00Z'));

    // 1 March 2025 to 1 January 2026: 31+30+31+30+31+31+30+31+30+31 = 306 of 365 days.
    // 75,600 x 306 / 365 = 23,133,600 / 365 = 63,379.73 -> 63,380; 190,800 - 63,380 = 127,420.
    expect(quote).toMatchObject({ creditCents: 63_380, amountDueCents: 127_420, remainingDays: 306 });
    expect(quote.periodEnd.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
