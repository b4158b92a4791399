import type { Language } from '@app/shared/domain/enums';
import { formatCurrency, formatDate } from '@app/shared/domain/rules/formatting';

/*
 * The props every dated chart of the site gives its recharts axes and tooltip: dates in the reader's
 * language (UTC days: a bar's date is a market day, not a local instant), amounts in the reader's
 * format. Plain props, so a chart module stays the only one importing recharts (loaded on demand).
 */

const TICK = { fontSize: 11 } as const;

/** The x axis over `date` (ISO days). */
export function dateAxisProps(language: Language) {
  return {
    dataKey: 'date',
    tickFormatter: (date: string) => formatDate(date, language, 'UTC'),
    minTickGap: 40,
    tick: TICK,
  };
}

/** A y axis of amounts; `domain` defaults to the data's range. */
export function moneyAxisProps(
  format: (value: number) => string,
  domain: [number | string, number | string] = ['auto', 'auto'],
) {
  return { domain, tickFormatter: format, width: 80, tick: TICK };
}

/** The tooltip of a dated chart: the day as its title, each value through `format`. */
export function dateTooltipProps(language: Language, format: (value: number) => string) {
  return {
    labelFormatter: (date: unknown) => formatDate(String(date), language, 'UTC'),
    formatter: (value: unknown) => format(Number(value)),
  };
}

/** Dollars in the reader's format (the engine's and the replay's prices are in US dollars). */
export const dollars = (language: Language) => (value: number) => formatCurrency(value, language);
