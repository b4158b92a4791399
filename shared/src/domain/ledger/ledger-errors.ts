import type * as z from 'zod';
import { valueAtPath } from '../../messages/field-issues';
import { MESSAGE_CODES, type MessageCode } from '../../messages/message';

/**
 * Every message the ledger can show a user is one of these codes plus parameters: the LEDGER_ codes of
 * the one message catalogue (`shared/src/messages/message-catalogue.ts`, which says each code's
 * parameters and how they are shown); the texts live in the i18n resources (`messages.json`,
 * en/fr/es), never in this code.
 */
export type LedgerErrorCode = Extract<MessageCode, `LEDGER_${string}`>;

/** Every ledger code once, in catalogue order. */
export const LEDGER_ERROR_CODES = MESSAGE_CODES.filter((code): code is LedgerErrorCode =>
  code.startsWith('LEDGER_'),
);

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
    case 'custom':
      // The calendar's bounds (entities/common.ts): the field's own code, as the ledger words it.
      if (issue.message === 'FIELD_DATE_BEFORE_MINIMUM')
        return [
          { field, code: 'LEDGER_DATE_BEFORE_MINIMUM', params: { minimum: String(issue.params?.minimum) } },
        ];
      if (issue.message === 'FIELD_DATE_AFTER_MAXIMUM')
        return [
          { field, code: 'LEDGER_DATE_AFTER_MAXIMUM', params: { maximum: String(issue.params?.maximum) } },
        ];
      return [{ field, code: 'LEDGER_FIELD_INVALID', params: {} }];
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
