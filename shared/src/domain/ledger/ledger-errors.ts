import type * as z from 'zod';

/**
 * Every message the ledger can show a user is one of these codes plus parameters; the texts live in
 * the i18n resources (`portfolio.ledger.errors.<CODE>`, en/fr/es), never in this code. The codes
 * carry a `LEDGER_` prefix so they stay unique when issue 21 gathers every server message into one
 * enumeration.
 */
export const LEDGER_ERROR_CODES = [
  // Field validation of a transaction (add, edit, import).
  'LEDGER_FIELD_REQUIRED',
  'LEDGER_FIELD_INVALID',
  'LEDGER_FIELD_UNKNOWN',
  'LEDGER_NUMBER_INVALID',
  'LEDGER_NUMBER_TOO_SMALL',
  'LEDGER_NUMBER_TOO_LARGE',
  'LEDGER_TEXT_TOO_LONG',
  'LEDGER_DATE_INVALID',
  'LEDGER_DATE_AFTER_MARKET_DATE',
  'LEDGER_SYMBOL_INVALID',
  'LEDGER_CURRENCY_INVALID',
  'LEDGER_TYPE_UNKNOWN',
  // Applying the ledger.
  'LEDGER_SELL_EXCEEDS_HOLDING',
  'LEDGER_CURRENCY_MISMATCH',
  'LEDGER_FX_RATE_MISSING',
  'LEDGER_BASE_CURRENCY_UNSUPPORTED',
  // Returns that cannot be computed.
  'LEDGER_RETURN_NO_HOLDINGS',
  'LEDGER_XIRR_NO_SOLUTION',
  'LEDGER_BENCHMARK_NO_DATA',
  // Import.
  'LEDGER_IMPORT_FILE_EMPTY',
  'LEDGER_IMPORT_FILE_UNREADABLE',
  'LEDGER_IMPORT_COLUMN_MISSING',
  'LEDGER_IMPORT_SECTION_MISSING',
  'LEDGER_IMPORT_ROW_FIELD_COUNT',
  'LEDGER_IMPORT_ACTION_UNSUPPORTED',
  'LEDGER_IMPORT_DUPLICATE_IN_FILE',
  'LEDGER_IMPORT_ALREADY_IMPORTED',
  'LEDGER_IMPORT_SYMBOL_IS_ISIN',
  'LEDGER_IMPORT_FEE_CONVERTED',
] as const;
export type LedgerErrorCode = (typeof LEDGER_ERROR_CODES)[number];

/**
 * The parameters each code always carries, so its texts may use them (`ledger-errors.test.ts`
 * checks the texts against this). Some codes carry more when they have it (the text read, a format).
 */
export const LEDGER_ERROR_PARAMS = {
  LEDGER_FIELD_REQUIRED: [],
  LEDGER_FIELD_INVALID: [],
  LEDGER_FIELD_UNKNOWN: [],
  LEDGER_NUMBER_INVALID: [],
  LEDGER_NUMBER_TOO_SMALL: ['minimum'],
  LEDGER_NUMBER_TOO_LARGE: ['maximum'],
  LEDGER_TEXT_TOO_LONG: ['maximum'],
  LEDGER_DATE_INVALID: [],
  LEDGER_DATE_AFTER_MARKET_DATE: ['date', 'market_date'],
  LEDGER_SYMBOL_INVALID: [],
  LEDGER_CURRENCY_INVALID: [],
  LEDGER_TYPE_UNKNOWN: ['value'],
  LEDGER_SELL_EXCEEDS_HOLDING: ['symbol', 'date', 'quantity', 'held'],
  LEDGER_CURRENCY_MISMATCH: ['symbol', 'expected', 'actual'],
  LEDGER_FX_RATE_MISSING: ['from', 'to', 'date'],
  LEDGER_BASE_CURRENCY_UNSUPPORTED: ['currency'],
  LEDGER_RETURN_NO_HOLDINGS: [],
  LEDGER_XIRR_NO_SOLUTION: [],
  LEDGER_BENCHMARK_NO_DATA: [],
  LEDGER_IMPORT_FILE_EMPTY: [],
  LEDGER_IMPORT_FILE_UNREADABLE: [],
  LEDGER_IMPORT_COLUMN_MISSING: ['column'],
  LEDGER_IMPORT_SECTION_MISSING: ['section'],
  LEDGER_IMPORT_ROW_FIELD_COUNT: ['expected', 'actual'],
  LEDGER_IMPORT_ACTION_UNSUPPORTED: ['value'],
  LEDGER_IMPORT_DUPLICATE_IN_FILE: ['first_row'],
  LEDGER_IMPORT_ALREADY_IMPORTED: [],
  LEDGER_IMPORT_SYMBOL_IS_ISIN: ['isin', 'product'],
  LEDGER_IMPORT_FEE_CONVERTED: ['from', 'to', 'rate'],
} as const satisfies Record<LedgerErrorCode, readonly string[]>;

/** Values substituted into the message text (`{{symbol}}`, `{{minimum}}`, ...). */
export type LedgerErrorParams = Readonly<Record<string, string | number>>;

/** One problem, where it is (a field path such as `quantity`, or null for the whole row) and why. */
export interface LedgerIssue {
  field: string | null;
  code: LedgerErrorCode;
  params: LedgerErrorParams;
}

/** Thrown by the ledger's pure functions; the API maps it to a 4xx once, by code. */
export class LedgerError extends Error {
  override readonly name = 'LedgerError';

  constructor(
    readonly code: LedgerErrorCode,
    readonly params: LedgerErrorParams = {},
  ) {
    // The message is the code on purpose: no English sentence travels with the error.
    super(code);
  }
}

function valueAtPath(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function fieldName(path: readonly PropertyKey[]): string | null {
  return path.length === 0 ? null : path.map(String).join('.');
}

const FIELDS_WITH_OWN_FORMAT_CODE: Readonly<Record<string, LedgerErrorCode>> = {
  date: 'LEDGER_DATE_INVALID',
  symbol: 'LEDGER_SYMBOL_INVALID',
  currency: 'LEDGER_CURRENCY_INVALID',
};

function issueFromZod(issue: z.core.$ZodIssue, input: unknown): LedgerIssue[] {
  const field = fieldName(issue.path);
  const lastKey = String(issue.path[issue.path.length - 1] ?? '');
  switch (issue.code) {
    case 'invalid_type': {
      const value = valueAtPath(input, issue.path);
      if (value === undefined || value === null || value === '') {
        return [{ field, code: 'LEDGER_FIELD_REQUIRED', params: {} }];
      }
      if (issue.expected === 'number') return [{ field, code: 'LEDGER_NUMBER_INVALID', params: {} }];
      return [{ field, code: FIELDS_WITH_OWN_FORMAT_CODE[lastKey] ?? 'LEDGER_FIELD_INVALID', params: {} }];
    }
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) {
        return [{ field, code: 'LEDGER_FIELD_REQUIRED', params: {} }];
      }
      return [{ field, code: 'LEDGER_NUMBER_TOO_SMALL', params: { minimum: Number(issue.minimum) } }];
    case 'too_big':
      if (issue.origin === 'string') {
        return [{ field, code: 'LEDGER_TEXT_TOO_LONG', params: { maximum: Number(issue.maximum) } }];
      }
      return [{ field, code: 'LEDGER_NUMBER_TOO_LARGE', params: { maximum: Number(issue.maximum) } }];
    case 'invalid_format':
      return [{ field, code: FIELDS_WITH_OWN_FORMAT_CODE[lastKey] ?? 'LEDGER_FIELD_INVALID', params: {} }];
    case 'invalid_union':
    case 'invalid_value':
      if (lastKey === 'type') {
        const value = valueAtPath(input, issue.path);
        return value === undefined
          ? [{ field, code: 'LEDGER_FIELD_REQUIRED', params: {} }]
          : [{ field, code: 'LEDGER_TYPE_UNKNOWN', params: { value: String(value) } }];
      }
      return [{ field, code: FIELDS_WITH_OWN_FORMAT_CODE[lastKey] ?? 'LEDGER_FIELD_INVALID', params: {} }];
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        field: fieldName([...issue.path, key]),
        code: 'LEDGER_FIELD_UNKNOWN' as const,
        params: {},
      }));
    default:
      return [{ field, code: 'LEDGER_FIELD_INVALID', params: {} }];
  }
}

/**
 * Field-level issues of a failed zod parse, as codes. `input` is what was parsed: zod does not say
 * whether a wrongly typed value was missing or wrong, and the two read differently to a user.
 */
export function ledgerIssuesFromZod(error: z.ZodError, input: unknown): LedgerIssue[] {
  return error.issues.flatMap((issue) => issueFromZod(issue, input));
}
