import { describe, expect, it } from 'vitest';
import { CardDetailsSchema, cardBrandOf, cardProblemsOf, isCardExpired } from './payment-card';
import { SANDBOX_TEST_CARDS, sandboxBehaviourOf } from './sandbox-test-cards';

const card = (number: string, cvc = '123') => ({ number, exp_month: 12, exp_year: 2030, cvc });

function issuePaths(input: unknown): string[] {
  const result = CardDetailsSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('CardDetailsSchema', () => {
  it.each(Object.values(SANDBOX_TEST_CARDS))('accepts the test card %s', (number) => {
    expect(issuePaths(card(number))).toEqual([]);
  });

  it('accepts a number grouped by spaces or hyphens', () => {
    expect(issuePaths(card('4242 4242 4242 4242'))).toEqual([]);
    expect(issuePaths(card('4242-4242-4242-4242'))).toEqual([]);
  });

  it.each([
    // Luhn: 4242...4242 sums to a multiple of 10; changing the last digit to 1 breaks the checksum.
    '4242424242424241',
    '4000000000000001',
    '424242424242',
    '4242x24242424242',
  ])('refuses %s on the number field', (number) => {
    expect(issuePaths(card(number))).toEqual(['number']);
  });

  it('asks for the security code size of the brand', () => {
    // American Express test number: 4-digit code.
    expect(issuePaths(card('378282246310005', '123'))).toEqual(['cvc']);
    expect(issuePaths(card('378282246310005', '1234'))).toEqual([]);
    expect(issuePaths(card(SANDBOX_TEST_CARDS.succeeds, '12'))).toEqual(['cvc']);
  });

  it('refuses a month outside 1-12', () => {
    expect(issuePaths({ ...card(SANDBOX_TEST_CARDS.succeeds), exp_month: 13 })).toEqual(['exp_month']);
  });
});

describe('cardBrandOf', () => {
  it('reads the brand from the prefix', () => {
    expect(cardBrandOf('4242 4242 4242 4242')).toBe('visa');
    expect(cardBrandOf('378282246310005')).toBe('american-express');
  });
});

describe('isCardExpired', () => {
  it('keeps a card valid through the last instant of its month (UTC)', () => {
    const january2025 = { exp_month: 1, exp_year: 2025 };

    expect(isCardExpired(january2025, new Date('2025-01-31T23:59:59.999Z'))).toBe(false);
    expect(isCardExpired(january2025, new Date('2025-02-01T00:00:00.000Z'))).toBe(true);
  });

  it('handles December rolling into the next year', () => {
    expect(isCardExpired({ exp_month: 12, exp_year: 2025 }, new Date('2025-12-31T12:00:00Z'))).toBe(false);
    expect(isCardExpired({ exp_month: 12, exp_year: 2025 }, new Date('2026-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('sandboxBehaviourOf', () => {
  it('maps the three test numbers and nothing else', () => {
    expect(sandboxBehaviourOf('4242 4242 4242 4242')).toBe('succeeds');
    expect(sandboxBehaviourOf('4000 0000 0000 0002')).toBe('declines');
    expect(sandboxBehaviourOf('4000 0027 6000 3184')).toBe('requires_authentication');
    expect(sandboxBehaviourOf('5555555555554444')).toBeNull();
  });
});

describe('cardProblemsOf', () => {
  const today = new Date('2026-11-28T12:00:00Z');

  it('names an expiry month of 13 as an impossible month, not as a card that expired in 13/2030', () => {
    const problems = cardProblemsOf({ ...card(SANDBOX_TEST_CARDS.succeeds), exp_month: 13 }, today);

    expect(problems).toEqual({ exp_month: { code: 'BILLING_CARD_EXPIRY_MONTH_INVALID', params: {} } });
  });

  it('calls a real past month expired, with its date, and a valid future card fine', () => {
    const lastMonth = { ...card(SANDBOX_TEST_CARDS.succeeds), exp_month: 10, exp_year: 2026 };

    expect(cardProblemsOf(lastMonth, today)).toEqual({
      exp_month: { code: 'BILLING_CARD_EXPIRED', params: { expMonth: 10, expYear: 2026 } },
    });
    expect(cardProblemsOf({ ...lastMonth, exp_month: 11 }, today)).toEqual({});
  });

  it('names each bad field once: a bad number and a 2-digit code on an American Express card', () => {
    expect(cardProblemsOf({ ...card('4242424242424241'), exp_month: 0 }, today)).toEqual({
      number: { code: 'BILLING_CARD_NUMBER_INVALID', params: {} },
      exp_month: { code: 'BILLING_CARD_EXPIRY_MONTH_INVALID', params: {} },
    });
    expect(cardProblemsOf(card('378282246310005', '12'), today)).toEqual({
      cvc: { code: 'BILLING_CARD_CVC_INVALID', params: { digits: 4 } },
    });
  });
});
