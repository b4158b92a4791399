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
