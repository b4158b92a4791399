import cardValidator from 'card-validator';
import * as z from 'zod';

/**
 * The card form's fields, validated the same way by the site and the sandbox gateway. The number is
 * checked with card-validator (Luhn checksum, brand prefix and length); expiry needs a clock, so it is
 * a separate function taking `now`.
 *
 * With a real processor the number never reaches our API: the processor's browser library turns it into
 * a payment-method token. The sandbox plays that part on the server, so it validates here.
 */

/** Digits only: the form may show the number grouped by spaces or hyphens. */
export function normaliseCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export const CardDetailsSchema = z
  .strictObject({
    number: z.string().trim().min(1).max(32),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int().min(2000).max(2099),
    /** Its length depends on the brand (3, or 4 for American Express): checked below. */
    cvc: z.string().trim().min(1).max(4),
  })
  .superRefine((card, context) => {
    const digits = normaliseCardNumber(card.number);
    const verdict = cardValidator.number(digits);
    if (!/^\d+$/.test(digits) || !verdict.isValid) {
      context.addIssue({
        code: 'custom',
        path: ['number'],
        message: 'is not a valid card number (checksum or length)',
        params: { message_code: 'BILLING_CARD_NUMBER_INVALID' },
      });
      return;
    }
    const codeSize = verdict.card?.code.size ?? 3;
    if (!cardValidator.cvv(card.cvc, codeSize).isValid) {
      context.addIssue({
        code: 'custom',
        path: ['cvc'],
        message: `must be ${codeSize} digits for this card`,
        params: { message_code: 'BILLING_CARD_CVC_INVALID', digits: codeSize },
      });
    }
  });
export type CardDetails = z.infer<typeof CardDetailsSchema>;

/** The brand card-validator recognises from the number's prefix (visa, mastercard, ...), or null. */
export function cardBrandOf(number: string): string | null {
  return cardValidator.number(normaliseCardNumber(number)).card?.type ?? null;
}

/** A card is valid through the last instant of its expiry month, in UTC. */
export function isCardExpired(card: Pick<CardDetails, 'exp_month' | 'exp_year'>, now: Date): boolean {
  const firstInstantAfterExpiry = Date.UTC(card.exp_year, card.exp_month, 1);
  return now.getTime() >= firstInstantAfterExpiry;
}

export type CardField = 'number' | 'exp_month' | 'exp_year' | 'cvc';

export type CardProblem =
  | {
      code: 'BILLING_CARD_NUMBER_INVALID' | 'BILLING_CARD_EXPIRY_MONTH_INVALID';
      params: Record<string, never>;
    }
  | { code: 'BILLING_CARD_CVC_INVALID'; params: { digits: number } }
  | { code: 'BILLING_CARD_EXPIRED'; params: { expMonth: number; expYear: number } };

/**
 * The card form's problems, at most one per field, as message codes: what the site shows beside each
 * field and the sandbox refuses with. A month outside 1 to 12 is named as such, never read as an
 * expiry ("expired at the end of 13/2030" named no real date).
 */
export function cardProblemsOf(
  card: { number: string; exp_month: number; exp_year: number; cvc: string },
  now: Date,
): Partial<Record<CardField, CardProblem>> {
  const problems: Partial<Record<CardField, CardProblem>> = {};
  const expired: CardProblem = {
    code: 'BILLING_CARD_EXPIRED',
    params: { expMonth: card.exp_month, expYear: card.exp_year },
  };
  const parsed = CardDetailsSchema.safeParse(card);
  if (parsed.success) return isCardExpired(parsed.data, now) ? { exp_month: expired } : {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as CardField;
    if (problems[field]) continue;
    if (field === 'exp_month') problems.exp_month = { code: 'BILLING_CARD_EXPIRY_MONTH_INVALID', params: {} };
    else if (field === 'exp_year') problems.exp_year = expired;
    else if (field === 'cvc') {
      const digits = (issue as { params?: { digits?: number } }).params?.digits ?? 3;
      problems.cvc = { code: 'BILLING_CARD_CVC_INVALID', params: { digits } };
    } else problems.number = { code: 'BILLING_CARD_NUMBER_INVALID', params: {} };
  }
  return problems;
}
