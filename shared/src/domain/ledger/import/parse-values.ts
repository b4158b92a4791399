import * as z from 'zod';
import type { IsoDate } from '../calendar';

/**
 * Reading numbers and dates as brokers write them. Every reader returns undefined for text it
 * cannot read, and the caller turns that into a coded issue on the field.
 */

export const DECIMAL_SEPARATORS = ['.', ','] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];

/**
 * `separator` '.' reads "1,234.50"; ',' reads "1.234,50" and "1 234,50"; 'auto' takes the last of
 * '.' and ',' in the text as the decimal mark (a lone "143,9000" is read as 143.9: brokers that
 * write a decimal comma never group thousands without a decimal part in these exports).
 */
export function parseDecimal(text: string, separator: DecimalSeparator | 'auto' = '.'): number | undefined {
  let cleaned = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (cleaned === '') return undefined;
  let decimalMark: string = separator;
  if (separator === 'auto') decimalMark = cleaned.lastIndexOf(',') > cleaned.lastIndexOf('.') ? ',' : '.';
  const groupMark = decimalMark === ',' ? '.' : ',';
  cleaned = cleaned.split(groupMark).join('');
  if (decimalMark === ',') cleaned = cleaned.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

export const DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD-MM-YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD.MM.YYYY',
  'YYYYMMDD',
] as const;
export const DateFormatSchema = z.enum(DATE_FORMATS);
export type DateFormat = z.infer<typeof DateFormatSchema>;

const DATE_PATTERNS: Record<DateFormat, { pattern: RegExp; order: [number, number, number] }> = {
  // Capture groups in the order year, month, day.
  'YYYY-MM-DD': { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})/, order: [1, 2, 3] },
  'DD-MM-YYYY': { pattern: /^(\d{1,2})-(\d{1,2})-(\d{4})/, order: [3, 2, 1] },
  'DD/MM/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})/, order: [3, 2, 1] },
  'MM/DD/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})/, order: [3, 1, 2] },
  'DD.MM.YYYY': { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})/, order: [3, 2, 1] },
  YYYYMMDD: { pattern: /^(\d{4})(\d{2})(\d{2})/, order: [1, 2, 3] },
};

/** The calendar day at the start of `text` (a time after it is ignored), if it is a real day. */
export function parseDateText(text: string, format: DateFormat): IsoDate | undefined {
  const { pattern, order } = DATE_PATTERNS[format];
  const match = pattern.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = order.map((group) => Number(match[group]));
  if (year === undefined || month === undefined || day === undefined) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return date.toISOString().slice(0, 10);
}
