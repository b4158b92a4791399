import { describe, expect, it } from 'vitest';
import {
  companyName,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatMonth,
  formatNumber,
  formatPercent,
  localeFor,
  numberFormat,
} from './formatting';

/**
 * fr-FR groups digits with U+202F (narrow no-break space) and puts U+00A0 before '$US' and '%'. es-ES groups
 * with '.' from five integer digits (CLDR's minimum grouping of 2: "2388,77", "12.345,50") and puts U+00A0
 * before 'US$' and '%' (issue 46: Spanish read "$2,388.77" and "69.6%").
 */
const NARROW_NBSP = '\u202f';
const NBSP = '\u00a0';

describe('localeFor', () => {
  it.each([
    ['en', 'en-US'],
    ['fr', 'fr-FR'],
    ['es', 'es-ES'],
  ] as const)('formats %s with %s', (language, expected) => {
    const locale = localeFor(language);

    expect(locale).toBe(expected);
  });
});

describe('formatCurrency', () => {
  it.each([
    [1234.5, 'en', '$1,234.50'],
    [2388.77, 'es', `2388,77${NBSP}US$`],
    [12345.5, 'es', `12.345,50${NBSP}US$`],
    [-0.5, 'es', `-0,50${NBSP}US$`],
    [1234.5, 'fr', `1${NARROW_NBSP}234,50${NBSP}$US`],
    [1234567.891, 'en', '$1,234,567.89'],
    [1234567.891, 'fr', `1${NARROW_NBSP}234${NARROW_NBSP}567,89${NBSP}$US`],
    [0, 'en', '$0.00'],
    [0, 'fr', `0,00${NBSP}$US`],
    [-0.5, 'en', '-$0.50'],
    [-0.5, 'fr', `-0,50${NBSP}$US`],
    [999.995, 'en', '$1,000.00'],
  ] as const)('formats %s in %s as %j', (amount, language, expected) => {
    const text = formatCurrency(amount, language);

    expect(text).toBe(expected);
  });
});

describe('formatNumber', () => {
  it.each([
    [1234567.891, 'en', undefined, '1,234,567.89'],
    [1234567.891, 'fr', undefined, `1${NARROW_NBSP}234${NARROW_NBSP}567,89`],
    [1234567.891, 'es', undefined, '1.234.567,89'],
    [2388.77, 'es', undefined, '2388,77'],
    [999, 'fr', undefined, '999'],
    [1000, 'fr', undefined, `1${NARROW_NBSP}000`],
    [18650, 'en', 0, '18,650'],
    [8.25, 'en', 1, '8.3'],
  ] as const)('formats %s in %s (max %s decimals) as %j', (value, language, digits, expected) => {
    const text = formatNumber(value, language, digits);

    expect(text).toBe(expected);
  });
});

describe('formatPercent', () => {
  it.each([
    [12.5, 'en', {}, '12.5%'],
    [12.5, 'fr', {}, `12,5${NBSP}%`],
    [69.6, 'es', {}, `69,6${NBSP}%`],
    [-3.33, 'es', { signed: true }, `-3,3${NBSP}%`],
    [8.24, 'en', {}, '8.2%'],
    [100, 'en', {}, '100%'],
    [0, 'en', { signed: true }, '0%'],
    [5, 'en', { signed: true }, '+5%'],
    [-3.33, 'en', { signed: true }, '-3.3%'],
    [-3.33, 'fr', { signed: true }, `-3,3${NBSP}%`],
    [33.333, 'en', { maximumFractionDigits: 2 }, '33.33%'],
  ] as const)('formats %s%% in %s with %j as %j', (percent, language, options, expected) => {
    const text = formatPercent(percent, language, options);

    expect(text).toBe(expected);
  });
});

describe('formatDate', () => {
  it.each([
    ['2024-03-05T12:00:00Z', 'en', 'UTC', 'Mar 5, 2024'],
    ['2024-03-05T12:00:00Z', 'fr', 'UTC', '5 mars 2024'],
    // Spanish dates name Spanish months: "5 mar 2024", never "Mar 5, 2024".
    ['2024-03-05T12:00:00Z', 'es', 'UTC', '5 mar 2024'],
    ['2019-09-27', 'es', 'UTC', '27 sept 2019'],
    ['2024-12-31T23:30:00Z', 'fr', 'UTC', '31 déc. 2024'],
    ['2025-01-01T01:30:00Z', 'en', 'America/New_York', 'Dec 31, 2024'],
    [Date.UTC(2024, 0, 15), 'en', 'UTC', 'Jan 15, 2024'],
  ] as const)('formats %s in %s (%s) as %j', (date, language, timeZone, expected) => {
    const text = formatDate(date, language, timeZone);

    expect(text).toBe(expected);
  });

  it.each([
    ['2017-03', 'en', 'Mar 2017'],
    ['2017-03', 'fr', 'mars 2017'],
    ['2017-03-14', 'es', 'mar 2017'],
    ['2015-01', 'es', 'ene 2015'],
  ] as const)('formats the month %s in %s as %j', (date, language, expected) => {
    expect(formatMonth(date, language)).toBe(expected);
  });

  it.each([
    ['2017-03-01T13:05:00Z', 'en', 'Mar 1, 2017, 1:05 PM'],
    ['2017-03-01T13:05:00Z', 'fr', '1 mars 2017, 13:05'],
    ['2017-03-01T13:05:00Z', 'es', '1 mar 2017, 13:05'],
  ] as const)('formats the time %s in %s (UTC) as %j', (date, language, expected) => {
    expect(formatDateTime(date, language).replace(/\u202f/g, ' ')).toBe(expected);
  });

  it('throws on an invalid date', () => {
    const date = 'not a date';

    const act = () => formatDate(date, 'en', 'UTC');

    expect(act).toThrow(RangeError);
  });
});

describe('companyName', () => {
  it.each([
    ['AAPL', 'Apple Inc.'],
    ['MSFT', 'Microsoft Corporation'],
    ['GOOGL', 'Alphabet Inc.'],
    ['AMZN', 'Amazon.com, Inc.'],
    ['TSLA', 'Tesla, Inc.'],
    ['META', 'Meta Platforms, Inc.'],
    ['NVDA', 'NVIDIA Corporation'],
    ['JPM', 'JPMorgan Chase & Co.'],
    ['aapl', 'Apple Inc.'],
    [' JPM ', 'JPMorgan Chase & Co.'],
    ['GOOG', 'GOOG Corporation'],
    ['IBM', 'IBM Corporation'],
    ['constructor', 'CONSTRUCTOR Corporation'],
  ])('names %j %j', (symbol, expected) => {
    const name = companyName(symbol);

    expect(name).toBe(expected);
  });
});

describe('numberFormat', () => {
  it('hands back the same formatter for the same locale and options, another for other options', () => {
    const first = numberFormat('fr-FR', { maximumFractionDigits: 1 });
    expect(numberFormat('fr-FR', { maximumFractionDigits: 1 })).toBe(first);
    expect(numberFormat('fr-FR', { maximumFractionDigits: 2 })).not.toBe(first);
    expect(numberFormat('en-US', { maximumFractionDigits: 1 })).not.toBe(first);
    expect(first.format(1234.56)).toBe('1\u202f234,6');
  });
});
