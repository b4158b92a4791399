import type { Language } from '../domain/enums';
import {
  formatCurrency,
  formatDate,
  formatDateTime,
  formatMonth,
  formatRate,
  localeFor,
  numberFormat,
} from '../domain/rules/formatting';
import { MESSAGE_CATALOGUE } from './message-catalogue';
import { isMessageCode } from './message';
import { LABEL_KINDS, isLabelKind, type MessageOf, type ParamKind, type ParamValue } from './param-kinds';

/**
 * Renders a message in a language. The words come from the i18n resources through `translate`: a
 * site's i18next `t`, or the server's small translator (`translator.ts`, the same texts; shared/ stays
 * free of i18next). Each parameter is shown by its kind first (numbers and dates for the
 * language, labels from `terms`), then substituted into the code's text in `messages`.
 */

/** What the renderer needs of i18next's `t`: a key with its namespace, and options with `lng`. */
export type Translate = (key: string, options: Record<string, unknown>) => string;

function fixed(language: Language, value: number, digits: number, signed = false): string {
  return numberFormat(localeFor(language), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(value);
}

function asNumber(value: ParamValue | undefined): number {
  return typeof value === 'number' ? value : Number(value);
}

function isMessage(value: unknown): value is MessageOf {
  return typeof value === 'object' && value !== null && 'code' in value && 'params' in value;
}

function showParam(
  kind: ParamKind,
  value: ParamValue | undefined,
  language: Language,
  translate: Translate,
): string {
  if (value === undefined || value === null) return '';
  switch (kind) {
    case 'text':
      return String(value);
    case 'count':
      return numberFormat(localeFor(language), { maximumFractionDigits: 0 }).format(asNumber(value));
    case 'number':
      return numberFormat(localeFor(language), { maximumFractionDigits: 8 }).format(asNumber(value));
    case 'decimal1':
      return fixed(language, asNumber(value), 1);
    case 'decimal2':
      return fixed(language, asNumber(value), 2);
    case 'price':
      return formatRate(asNumber(value), language);
    case 'percent':
      return `${fixed(language, asNumber(value), 1)} %`;
    case 'signedPercent':
      return `${fixed(language, asNumber(value), 1, true)} %`;
    case 'usd':
      return formatCurrency(asNumber(value), language);
    case 'cents':
      return formatCurrency(asNumber(value) / 100, language);
    case 'year':
      return String(Math.trunc(asNumber(value)));
    case 'date':
      return formatDate(String(value), language, 'UTC');
    case 'dateTime':
      return `${formatDateTime(String(value), language)} UTC`;
    case 'month':
      return formatMonth(String(value), language);
    case 'message':
      return isMessage(value) ? renderMessage(value, language, translate) : String(value);
    case 'messages':
      return Array.isArray(value)
        ? value.map((item: MessageOf) => renderMessage(item, language, translate)).join(' ')
        : String(value);
    default:
      if (isLabelKind(kind)) {
        const text = String(value);
        return translate(`terms:${LABEL_KINDS[kind]}.${text}`, { lng: language, defaultValue: text });
      }
      return String(value);
  }
}

/**
 * The figures of a message (docs/product.md "User alerts": an alert's details show the numbers it was
 * raised on): each parameter named in `names`, shown by its kind in `language`, in catalogue order.
 */
export function renderMessageFigures(
  message: MessageOf,
  names: readonly string[],
  language: Language,
  translate: Translate,
): { name: string; value: string }[] {
  if (!isMessageCode(message.code)) return [];
  const spec: Readonly<Record<string, ParamKind>> = MESSAGE_CATALOGUE[message.code];
  const params = message.params as Readonly<Record<string, ParamValue>>;
  return Object.entries(spec)
    .filter(([name]) => names.includes(name) && params[name] !== undefined && params[name] !== null)
    .map(([name, kind]) => ({ name, value: showParam(kind, params[name], language, translate) }));
}

/**
 * The message's text in `language`. A code this build does not know (a row stored by a newer one)
 * reads as the code itself rather than failing the whole answer.
 */
export function renderMessage(message: MessageOf, language: Language, translate: Translate): string {
  if (!isMessageCode(message.code)) return message.code;
  const spec: Readonly<Record<string, ParamKind>> = MESSAGE_CATALOGUE[message.code];
  const params = message.params as Readonly<Record<string, ParamValue>>;
  const values: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(spec))
    values[name] = showParam(kind, params[name], language, translate);
  // i18next picks the plural form (`_one`, `_other`) from a number named `count`.
  if (spec.count !== undefined) values.count = asNumber(params.count);
  return translate(`messages:${message.code}`, {
    ...values,
    lng: language,
    interpolation: { escapeValue: false },
  });
}

/** The same message in every language, for callers that still need all three at once. */
export function renderInEveryLanguage(
  message: MessageOf,
  languages: readonly Language[],
  translate: Translate,
): Record<Language, string> {
  return Object.fromEntries(
    languages.map((language) => [language, renderMessage(message, language, translate)]),
  ) as Record<Language, string>;
}
