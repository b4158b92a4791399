import type { Language } from '../enums';

/**
 * Number, money and date display (docs/product.md "Business rules and limits"): every figure in the reader's
 * locale, en-US, fr-FR or es-ES ("$2,388.77", "2 388,77 $US", "2388,77 US$"; "Sep 27, 2019", "27 sept. 2019",
 * "27 sept 2019"). Every screen, mail and server message formats through this module.
 */

export const CURRENCY = 'USD';
export const DISPLAY_LOCALES = { en: 'en-US', fr: 'fr-FR', es: 'es-ES' } as const satisfies Record<
  Language,
  string
>;
export type DisplayLocale = (typeof DISPLAY_LOCALES)[Language];

export const DEFAULT_NUMBER_FRACTION_DIGITS = 2;
export const DEFAULT_PERCENT_FRACTION_DIGITS = 1;

/** Names the dashboard shows for well-known symbols; other symbols read "<SYMBOL> Corporation". */
export const COMPANY_NAMES: ReadonlyMap<string, string> = new Map([
  ['AAPL', 'Apple Inc.'],
  ['MSFT', 'Microsoft Corporation'],
  ['GOOGL', 'Alphabet Inc.'],
  ['AMZN', 'Amazon.com, Inc.'],
  ['TSLA', 'Tesla, Inc.'],
  ['META', 'Meta Platforms, Inc.'],
  ['NVDA', 'NVIDIA Corporation'],
  ['JPM', 'JPMorgan Chase & Co.'],
]);

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * One Intl.NumberFormat per locale and options, built on first use: building one costs far more than
 * formatting with it (the API spent 5 % of its CPU under load building them; a page formats hundreds
 * of figures per render).
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** The locale of numbers, money, dates, month names and times: the reader's own language. */
export function localeFor(language: Language): DisplayLocale {
  return DISPLAY_LOCALES[language];
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One Intl.DateTimeFormat per language and options, built on first use (as `numberFormat`). */
export function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeFor(language), options);
    dateFormats.set(key, format);
  }
  return format;
}

/** USD with cents: "$1,234.50" in en-US, "1 234,50 $US" in fr-FR (narrow no-break spaces). */
export function formatCurrency(amount: number, language: Language): string {
  return numberFormat(localeFor(language), { style: 'currency', currency: CURRENCY }).format(amount);
}

/** An FX pair's symbol, Yahoo's convention (EURUSD=X): its quotes are rates, not dollars. */
export function isFxPair(symbol: string): boolean {
  return symbol.trim().toUpperCase().endsWith('=X');
}

/** A rate (or a quote of unknown unit): two decimals, four under 10 ("109.25", "1.0523"). */
export function formatRate(value: number, language: Language): string {
  return numberFormat(localeFor(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: Math.abs(value) < 10 ? 4 : 2,
  }).format(value);
}

/** A symbol's quote in its unit: an FX pair's as a rate, any other in US dollars (issue 45). */
export function formatQuote(symbol: string, price: number, language: Language): string {
  return isFxPair(symbol) ? formatRate(price, language) : formatCurrency(price, language);
}

/** An amount in any currency (a ledger's base currency): "€1,234.50" in en-US, "1234,50 €" in es-ES. */
export function formatMoney(amount: number, currency: string, language: Language): string {
  return numberFormat(localeFor(language), { style: 'currency', currency }).format(amount);
}

export function formatNumber(
  value: number,
  language: Language,
  maximumFractionDigits: number = DEFAULT_NUMBER_FRACTION_DIGITS,
): string {
  return numberFormat(localeFor(language), { maximumFractionDigits }).format(value);
}

export interface PercentFormatOptions {
  maximumFractionDigits?: number;
  /** Show '+' on gains (expected return, momentum); zero stays unsigned. */
  signed?: boolean;
}

/**
 * Takes a percentage (12.5 for 12.5%), because every rule in this package returns percentages;
 * Intl's percent style wants the fraction, so we divide here, once.
 */
export function formatPercent(
  percent: number,
  language: Language,
  options: PercentFormatOptions = {},
): string {
  const { maximumFractionDigits = DEFAULT_PERCENT_FRACTION_DIGITS, signed = false } = options;
  return numberFormat(localeFor(language), {
    style: 'percent',
    maximumFractionDigits,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(percent / 100);
}

/**
 * Medium date ("Mar 5, 2024", "5 mars 2024", "5 mar 2024"). `timeZone` defaults to the runtime's,
 * which is the reader's in a browser; pass one on the server or in tests so the day does not shift.
 * An invalid date throws RangeError (from Intl) rather than printing "Invalid Date".
 */
export function formatDate(date: Date | number | string, language: Language, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
  if (timeZone !== undefined) options.timeZone = timeZone;
  return dateFormat(language, options).format(new Date(date));
}

/** Month and year ("Mar 2017", "mars 2017", "mar 2017"); `YYYY-MM` alone reads as that month. */
export function formatMonth(date: string, language: Language, timeZone = 'UTC'): string {
  const full = /^\d{4}-\d{2}$/.test(date) ? `${date}-01` : date;
  return dateFormat(language, { month: 'short', year: 'numeric', timeZone }).format(new Date(full));
}

/** Day and time, in UTC on the server ("Mar 1, 2017, 1:05 PM", "1 mars 2017, 13:05"). */
export function formatDateTime(date: Date | number | string, language: Language, timeZone = 'UTC'): string {
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(date));
}

/** A Map, not an object literal, so symbols like "CONSTRUCTOR" cannot hit prototype keys. */
export function companyName(symbol: string): string {
  const normalised = symbol.trim().toUpperCase();
  return COMPANY_NAMES.get(normalised) ?? `${normalised} Corporation`;
}
