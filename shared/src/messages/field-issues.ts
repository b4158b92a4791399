import type * as z from 'zod';
import { MESSAGE_CATALOGUE } from './message-catalogue';
import { isMessageCode, message, type Message, type MessageCode } from './message';

/**
 * A failed zod parse as field-level messages, each naming its field: the server's 400 and the sites'
 * forms both use this, so a bad field reads the same in a form and in an API answer, in the reader's
 * language. Schemas give their own message by code (`fieldCode('FIELD_NOT_SYMBOL')`); every other
 * issue gets a code from its kind (missing, too short, not an e-mail address...).
 */

/** One bad field: where it is (`body.email`, `query.limit`) and why. */
export interface FieldIssue {
  path: string;
  message: Message;
}

/**
 * Codes a schema may give as its message: those whose only parameter is the field. A code with more
 * parameters is given by a custom issue (`superRefine`) with the others in its `params`.
 */
export type FieldOnlyCode = {
  [Code in MessageCode]: keyof (typeof MESSAGE_CATALOGUE)[Code] extends 'field'
    ? 'field' extends keyof (typeof MESSAGE_CATALOGUE)[Code]
      ? Code
      : never
    : never;
}[MessageCode];

/** A schema's own message, as a code: `.regex(pattern, fieldCode('FIELD_NOT_SYMBOL'))`. */
export function fieldCode(code: FieldOnlyCode): { error: FieldOnlyCode } {
  return { error: code };
}

/** A message code naming a field: a schema's own message (the other parameters in the issue's params). */
function isFieldCode(value: string): value is MessageCode {
  return isMessageCode(value) && 'field' in MESSAGE_CATALOGUE[value];
}

/** The value a zod issue's path points to in the parsed input (undefined when it is missing). */
export function valueAtPath(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** The name a field is labelled by: the last named key of its path (`holdings.0.symbol` -> `symbol`). */
export function fieldNameOf(path: readonly PropertyKey[], fallback: string): string {
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const key = path[index];
    if (typeof key === 'string' && !/^\d+$/.test(key)) return key;
  }
  return fallback;
}

const VALUE_TYPES = new Set(['number', 'int', 'string', 'boolean', 'array', 'object', 'date']);

function messageOf(issue: z.core.$ZodIssue, field: string, input: unknown): Message[] {
  if (isFieldCode(issue.message)) {
    const params = issue.code === 'custom' ? (issue.params ?? {}) : {};
    return [{ code: issue.message, params: { ...params, field } } as Message];
  }
  switch (issue.code) {
    case 'invalid_type': {
      const value = valueAtPath(input, issue.path);
      if (value === undefined || value === null) return [message('FIELD_REQUIRED', { field })];
      const expected = VALUE_TYPES.has(issue.expected) ? issue.expected : 'valid';
      return [message('FIELD_WRONG_TYPE', { field, expected })];
    }
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string')
        return minimum <= 1
          ? [message('FIELD_REQUIRED', { field })]
          : [message('FIELD_TOO_SHORT', { field, minimum })];
      if (issue.origin === 'array' || issue.origin === 'set')
        return [message('FIELD_TOO_FEW_ITEMS', { field, minimum })];
      return issue.inclusive === false
        ? [message('FIELD_NOT_ABOVE', { field, minimum })]
        : [message('FIELD_TOO_SMALL', { field, minimum })];
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return [message('FIELD_TOO_LONG', { field, maximum })];
      if (issue.origin === 'array' || issue.origin === 'set')
        return [message('FIELD_TOO_MANY_ITEMS', { field, maximum })];
      return issue.inclusive === false
        ? [message('FIELD_NOT_BELOW', { field, maximum })]
        : [message('FIELD_TOO_LARGE', { field, maximum })];
    }
    case 'invalid_format':
      if (issue.format === 'email') return [message('FIELD_NOT_EMAIL', { field })];
      if (issue.format === 'date') return [message('FIELD_NOT_DATE', { field })];
      if (issue.format === 'datetime') return [message('FIELD_NOT_DATE_TIME', { field })];
      return [message('FIELD_BAD_FORMAT', { field })];
    case 'invalid_value':
      return [message('FIELD_NOT_ONE_OF', { field, allowed: issue.values.map(String).join(', ') })];
    case 'not_multiple_of':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return [message('FIELD_INVALID', { field })];
    case 'unrecognized_keys':
      return [];
  }
}

/**
 * Field-level messages of a failed parse. `input` is what was parsed (zod does not say whether a
 * wrongly typed value was missing or wrong, and the two read differently); `location` prefixes each
 * path (`body`, `query`, `params`) and names a whole-object problem.
 */
export function fieldIssuesFromZod(error: z.ZodError, input: unknown, location?: string): FieldIssue[] {
  const prefix = location ? [location] : [];
  return error.issues.flatMap((issue): FieldIssue[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: [...prefix, ...issue.path.map(String), key].join('.'),
        message: message('FIELD_UNKNOWN', { field: key }),
      }));
    }
    const field = fieldNameOf(issue.path, location ?? 'value');
    const path = [...prefix, ...issue.path.map(String)].join('.') || (location ?? '');
    return messageOf(issue, field, input).map((item) => ({ path, message: item }));
  });
}
