import type { Fact, PortfolioFactSheet, SymbolFactSheet } from '@app/shared/domain/entities/fact-sheet';
import { shownFigures, type DateToken, type ShownNumber } from './guard-figures';
import { adviceWordIn, readsAs, type AnalystLanguage } from './guard-words';

/*
 * The analyst's guard (docs/product.md "The analyst"): whatever wrote an answer (the templates or a
 * language model), every number in it must be a figure of the fact sheet within the rounding shown,
 * every cited id a fact of the sheet, no advice word may appear and the answer must be in the
 * caller's language. An answer refused here is replaced by the template answer (analyst-service.ts).
 */

/** The sheet an answer is checked against: a symbol's or a portfolio's (shared fact-sheet.ts). */
export type AnalystFactSheet = SymbolFactSheet | PortfolioFactSheet;

export type GuardRefusal = 'invented_number' | 'unknown_id' | 'advice_word' | 'wrong_language';

export type GuardVerdict = { ok: true } | { ok: false; reason: GuardRefusal };

export interface GuardedAnswer {
  text: string;
  cited_ids: string[];
}

export function guardAnswer(
  answer: GuardedAnswer,
  sheet: AnalystFactSheet,
  language: AnalystLanguage,
): GuardVerdict {
  const known = knownIds(sheet);
  const mentioned = [...answer.text.matchAll(BRACKETED_ID)].map((match) => match[1]!);
  if ([...answer.cited_ids, ...mentioned].some((id) => !known.has(id)))
    return { ok: false, reason: 'unknown_id' };
  if (!figuresAllFromSheet(answer.text, sheet)) return { ok: false, reason: 'invented_number' };
  if (adviceWordIn(answer.text) !== undefined) return { ok: false, reason: 'advice_word' };
  if (!readsAs(answer.text, language)) return { ok: false, reason: 'wrong_language' };
  return { ok: true };
}

/** An id written in brackets in the text, "[score.composite]": it must be the sheet's too. */
const BRACKETED_ID = /\[([a-z0-9_]+(?:\.[A-Za-z0-9_^=-]+)+)\]/g;

/** What an answer may cite: the sheet's fact ids, and a symbol sheet's notes (`factor.<name>`). */
function knownIds(sheet: AnalystFactSheet): Set<string> {
  const notes = 'notes' in sheet ? Object.keys(sheet.notes) : [];
  return new Set([...sheet.facts.map((fact) => fact.id), ...notes]);
}

/**
 * The sheet's words that may hold digits: its ids, its symbol and its name, and a portfolio's
 * holdings (`position.7203_T.value` is 7203.T).
 */
function namesOf(sheet: AnalystFactSheet): string[] {
  const own = 'symbol' in sheet ? [sheet.symbol, sheet.name] : [];
  const ids = [...knownIds(sheet)];
  const holdings = ids.flatMap((id) => {
    const key = /^position\.([^.]+)\./.exec(id)?.[1];
    return key ? [key, key.replaceAll('_', '.')] : [];
  });
  return [...own, ...ids, ...holdings].filter((name) => /\d/.test(name));
}

/** The sheet's texts (titles, notes, sources): a number quoted from one of them is the sheet's. */
function textsOf(sheet: AnalystFactSheet): string[] {
  const notes = 'notes' in sheet ? Object.values(sheet.notes) : [];
  const values = sheet.facts.flatMap((fact) =>
    typeof fact.value === 'string' && fact.unit !== 'date' ? [fact.value, fact.source] : [fact.source],
  );
  return [...notes, ...values];
}

const BILLION = 1e9;

/**
 * The values a figure may be written as (docs/product.md "Fact sheets", its units): itself and
 * without its sign ("fell 4.2 %"), a weight or ratio in percent (0.25 as 25 %), large amounts of
 * dollars or shares in millions, billions or trillions ("229.2 bn").
 */
function writtenValuesOf(value: number, unit: Fact['unit']): number[] {
  const magnitude = Math.abs(value);
  const values = [magnitude];
  if (unit === 'weight' || unit === 'ratio') values.push(magnitude * 100);
  if ((unit === 'usd' || unit === 'usdBillions' || unit === 'shares') && magnitude >= 1e6)
    values.push(magnitude / 1e6, magnitude / BILLION, magnitude / 1e12);
  return values;
}

interface SheetFigures {
  values: number[];
  days: Set<string>;
}

function sheetFiguresOf(sheet: AnalystFactSheet): SheetFigures {
  const values: number[] = [];
  const days = new Set<string>([sheet.market_date]);
  for (const fact of sheet.facts) {
    days.add(fact.as_of);
    if (typeof fact.value === 'number') values.push(...writtenValuesOf(fact.value, fact.unit));
    else if (fact.unit === 'date' && typeof fact.value === 'string') days.add(fact.value.slice(0, 10));
  }
  for (const text of textsOf(sheet)) {
    const quoted = shownFigures(text);
    for (const token of quoted.numbers) values.push(...token.readings.flat().map((shown) => shown.value));
    for (const date of quoted.dates) for (const day of date.days) days.add(day);
  }
  return { values, days };
}

/** A shown number matches a value within the rounding it shows: 12.3 is 12.34 but not 12.5. */
function matches(shown: ShownNumber, values: readonly number[]): boolean {
  const tolerance = 0.5 * 10 ** -shown.decimals + 1e-9;
  return values.some((value) => Math.abs(shown.value - value) <= tolerance * (1 + 1e-12));
}

function figuresAllFromSheet(text: string, sheet: AnalystFactSheet): boolean {
  const { values, days } = sheetFiguresOf(sheet);
  const dayList = [...days];
  const years = new Set(dayList.map((day) => Number(day.slice(0, 4))));
  const shown = shownFigures(text, namesOf(sheet));
  const dateKnown = (date: DateToken): boolean =>
    date.days.some((day) => days.has(day)) ||
    date.months.some((month) => dayList.some((day) => day.startsWith(month))) ||
    date.monthDays.some((monthDay) => dayList.some((day) => day.slice(5) === monthDay));
  const numberKnown = (number: ShownNumber): boolean =>
    matches(number, values) || (number.decimals === 0 && years.has(number.value));
  return (
    shown.dates.every(dateKnown) &&
    shown.numbers.every((token) => token.readings.some((reading) => reading.every(numberKnown)))
  );
}
