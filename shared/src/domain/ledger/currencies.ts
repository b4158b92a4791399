import * as z from 'zod';

/** Currencies a user may choose as the base of every figure (issue 24 asks for these six at least). */
export const BASE_CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'JPY'] as const;
export const BaseCurrencySchema = z.enum(BASE_CURRENCIES);
export type BaseCurrency = z.infer<typeof BaseCurrencySchema>;

/**
 * A trading currency: any three-letter code in the ISO 4217 shape, upper-cased. Whether a rate to
 * the base exists is the FX lookup's business (a missing rate is `LEDGER_FX_RATE_MISSING`), so a
 * holding in, say, SEK is accepted here and valued wherever its rates are known.
 */
export const CurrencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/);
export type CurrencyCode = string;
