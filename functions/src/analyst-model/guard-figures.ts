/*
 * Reads the figures an answer shows (docs/product.md "The analyst", the guard): dates in the three
 * languages' forms and numbers in any of their formats ("1,234.5", "1 234,5" with a normal, no-break
 * or narrow no-break space, "1.234,5", "12,5 %"). A token that could be read several ways
 * ("1,234": a thousand and more in English, one and a bit in French) keeps every reading; the guard
 * accepts it when one reading is a sheet figure. Pure.
 */

/** A number as shown: its value (unsigned) and how many decimals it shows (its rounding). */
export interface ShownNumber {
  value: number;
  decimals: number;
}

/** One way to read a token: every number in it must be a sheet figure. */
export type NumberReading = readonly ShownNumber[];

export interface NumberToken {
  raw: string;
  readings: readonly NumberReading[];
}

/** A date as shown: a whole day (ISO), a month (YYYY-MM) or a day of a month without its year (MM-DD). */
export interface DateToken {
  raw: string;
  days: readonly string[];
  months: readonly string[];
  monthDays: readonly string[];
}

export interface ShownFigures {
  numbers: NumberToken[];
  dates: DateToken[];
}

/** Month names and abbreviations, lower case without accents, en, fr and es. */
const MONTHS: Record<string, number> = {
  ...names(
    ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october'],
    ['november', 'december'],
  ),
  ...names(
    ['janvier', 'fevrier', 'mars', 'avril', 'mai', 'juin', 'juillet', 'aout', 'septembre'],
    ['octobre', 'novembre', 'decembre'],
  ),
  ...names(
    ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre'],
    ['octubre', 'noviembre', 'diciembre'],
  ),
  jan: 1,
  janv: 1,
  ene: 1,
  feb: 2,
  fev: 2,
  fevr: 2,
  mar: 3,
  apr: 4,
  avr: 4,
  abr: 4,
  jun: 6,
  jul: 7,
  juil: 7,
  aug: 8,
  ago: 8,
  sep: 9,
  sept: 9,
  setiembre: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  dic: 12,
};

function names(first: string[], rest: string[]): Record<string, number> {
  return Object.fromEntries([...first, ...rest].map((name, index) => [name, index + 1]));
}

const MONTH = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;
const DAY = '(\\d{1,2})(?:st|nd|rd|th|er)?';
const YEAR = '(\\d{4})';
const SPACE = '[\\s\\u00a0\\u202f]+';
const DE = `(?:${SPACE}de)?`;

/** Lower case, accents dropped, the minus sign as a hyphen: every pattern below reads this form. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replaceAll(/[\u0300-\u036f]/g, '')
    .replaceAll('\u2212', '-')
    .toLowerCase();
}

const pad = (value: number): string => String(value).padStart(2, '0');

function isoOf(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

interface DatePattern {
  pattern: RegExp;
  /** Reads the match's groups (groups[0] is the whole match). */
  read: (m: readonly string[]) => Omit<DateToken, 'raw'>;
}

const none = { days: [], months: [], monthDays: [] };
const monthOf = (name: string | undefined): number => MONTHS[name ?? ''] ?? 0;

/** Longest forms first: a matched date is blanked before the shorter forms and the numbers are read. */
const DATE_PATTERNS: readonly DatePattern[] = [
  {
    pattern: /\b(\d{4})-(\d{2})-(\d{2})\b/g,
    read: (m) => ({ ...none, days: compact([isoOf(+m[1]!, +m[2]!, +m[3]!)]) }),
  },
  {
    // 10/04/2017: day first in French and Spanish, month first in English; either reading counts.
    pattern: /\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/g,
    read: (m) => ({
      ...none,
      days: compact([isoOf(+m[3]!, +m[2]!, +m[1]!), isoOf(+m[3]!, +m[1]!, +m[2]!)]),
    }),
  },
  {
    pattern: new RegExp(`\\b${MONTH}${SPACE}${DAY},?${SPACE}${YEAR}\\b`, 'g'),
    read: (m) => ({ ...none, days: compact([isoOf(+m[3]!, monthOf(m[1]), +m[2]!)]) }),
  },
  {
    pattern: new RegExp(`\\b${DAY}${DE}${SPACE}${MONTH}${DE},?${SPACE}${YEAR}\\b`, 'g'),
    read: (m) => ({ ...none, days: compact([isoOf(+m[3]!, monthOf(m[2]), +m[1]!)]) }),
  },
  {
    pattern: new RegExp(`\\b${MONTH}${DE}${SPACE}${YEAR}\\b`, 'g'),
    read: (m) => ({ ...none, months: [`${m[2]}-${pad(monthOf(m[1]))}`] }),
  },
  {
    pattern: new RegExp(`\\b${DAY}${DE}${SPACE}${MONTH}(?![a-z])`, 'g'),
    read: (m) => ({ ...none, monthDays: [`${pad(monthOf(m[2]))}-${pad(+m[1]!)}`] }),
  },
  {
    pattern: new RegExp(`\\b${MONTH}${SPACE}${DAY}\\b`, 'g'),
    read: (m) => ({ ...none, monthDays: [`${pad(monthOf(m[1]))}-${pad(+m[2]!)}`] }),
  },
];

function compact(values: (string | undefined)[]): string[] {
  return values.filter((value): value is string => value !== undefined);
}

/** A group of thousands: the first group 1 to 3 digits, every other exactly 3. */
function groupsValid(parts: readonly string[]): boolean {
  if (parts.length === 1) return true;
  return parts[0]!.length <= 3 && parts.slice(1).every((part) => part.length === 3);
}

const WHITESPACE = /[\s\u00a0\u202f]/;

/** Every way to read digits joined by separators ('.', ',', spaces), as shown numbers. */
export function readingsOf(raw: string): NumberReading[] {
  const parts = raw.split(/[.,\s\u00a0\u202f]/);
  const separators = [...raw.replaceAll(/\d/g, '')];
  if (separators.length === 0) return [[{ value: Number(raw), decimals: 0 }]];
  const readings: NumberReading[] = [];
  const last = separators.at(-1)!;
  const groupSeparators = separators.slice(0, -1);
  if (separators.every((separator) => separator === last) && groupsValid(parts))
    readings.push([{ value: Number(parts.join('')), decimals: 0 }]);
  const groupsConsistent = groupSeparators.every(
    (separator) => separator === groupSeparators[0] && separator !== last,
  );
  if ((last === '.' || last === ',') && groupsConsistent && groupsValid(parts.slice(0, -1))) {
    const fraction = parts.at(-1)!;
    readings.push([
      { value: Number(`${parts.slice(0, -1).join('')}.${fraction}`), decimals: fraction.length },
    ]);
  }
  // Numbers side by side ("in 2017 12 factors"): each read on its own.
  if (separators.some((separator) => WHITESPACE.test(separator))) {
    const chunks = raw.split(WHITESPACE);
    readings.push(...combine(chunks.map((chunk) => readingsOf(chunk))));
  } else if (readings.length === 0) {
    readings.push(parts.map((part) => ({ value: Number(part), decimals: 0 })));
  }
  return readings;
}

/** Every reading of a row of chunks: one reading of each chunk, in turn (a handful at most). */
function combine(chunkReadings: NumberReading[][]): NumberReading[] {
  return chunkReadings.reduce<NumberReading[]>(
    (combined, options) => combined.flatMap((prefix) => options.map((option) => [...prefix, ...option])),
    [[]],
  );
}

/** Periods written with a number ("1-month", "20 jours", "3m"): names of a measure, not figures. */
const PERIOD_NUMBERS = new Set([1, 3, 6, 12, 20, 50, 52, 200]);
const PERIOD_AFTER =
  /^(?:-|\s)?(?:d|w|m|y|days?|weeks?|months?|years?|jours?|semaines?|mois|ans?|annees?|dias?|semanas?|mes|meses|anos?)(?![a-z])/;
/** The scale of a score or level ("62/100", "7 sur 10"): not a figure either. */
const SCALE_BEFORE = /\d\s*(?:\/|out of|sur|de)\s*$/;
const NUMBER = /\d+(?:[.,\s\u00a0\u202f]\d+)*/g;

function isNameOrScale(text: string, start: number, end: number, raw: string): boolean {
  const before = text.slice(Math.max(0, start - 12), start);
  if (/[a-z_^]$/.test(before)) return true;
  const value = Number(raw);
  if (/^\d+$/.test(raw) && PERIOD_NUMBERS.has(value) && PERIOD_AFTER.test(text.slice(end, end + 12)))
    return true;
  return (value === 10 || value === 100) && SCALE_BEFORE.test(before);
}

/**
 * The text without the names it may carry digits in (fact ids such as `momentum.1w.change`, tickers
 * such as 7203.T), longest first so a shorter name inside a longer one is not cut out of it.
 */
function blankOut(text: string, names: readonly string[]): string {
  const longestFirst = [...names].filter(Boolean).sort((a, b) => b.length - a.length);
  return longestFirst.reduce((rest, name) => rest.replaceAll(name, ' '.repeat(name.length)), text);
}

/** The dates and numbers an answer shows, read from its normalized text. */
export function shownFigures(text: string, names: readonly string[] = []): ShownFigures {
  let rest = normalizeText(blankOut(text, names));
  const dates: DateToken[] = [];
  for (const { pattern, read } of DATE_PATTERNS) {
    rest = rest.replaceAll(pattern, (...args: unknown[]) => {
      // The replacer's arguments: the match, its groups, then the offset and the whole text.
      const groups = args.slice(0, -2) as string[];
      dates.push({ raw: groups[0]!, ...read(groups) });
      return ' '.repeat(groups[0]!.length);
    });
  }
  const numbers: NumberToken[] = [];
  for (const match of rest.matchAll(NUMBER)) {
    const raw = match[0];
    const start = match.index;
    if (isNameOrScale(rest, start, start + raw.length, raw)) continue;
    numbers.push({ raw, readings: readingsOf(raw) });
  }
  return { numbers, dates };
}
