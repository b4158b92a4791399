import type { RouteDefinition } from '@app/shared/api';
import { ApiErrorSchema } from '@app/shared/domain/entities/errors';
import type { ApiResponse } from '../src/api';

export interface Inspection {
  /** Any 5xx, a 501 too: every contract route is built. */
  serverError: boolean;
  leaks: string[];
  /** Headers, content type or body shape that break the contract. */
  problems: string[];
}

/** What must never appear in an error body (and, for internal names, in any body). */
const INTERNAL_NAMES: [string, RegExp][] = [
  [
    'table name',
    /nugget-(local|dev|staging|prod)[a-z-]*-(users|holdings|usage|moderation|market|idempotency)/i,
  ],
  ['table name', /nugget-local-/i],
  ['ARN', /arn:aws[a-z-]*:/i],
];
const ERROR_ONLY: [string, RegExp][] = [
  ['stack trace', /\n\s+at\s|\bat\s+[\w.<>]+\s+\([^)]*:\d+:\d+\)|\.(ts|js|mjs):\d+:\d+|node_modules\//],
  ['token', /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/],
  [
    'exception name',
    /\b(ConditionalCheckFailedException|ResourceNotFoundException|TransactionCanceledException|ValidationException|TypeError|ReferenceError)\b/,
  ],
];
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Checks one API response against the rules every response keeps: never a 5xx, the JSON content type
 * with its charset, no-store, nosniff, a body that matches the route's response schema (success) or
 * the ApiError schema (error), and no leak of internals, tokens or other people's e-mail addresses.
 */
export function inspectResponse(
  route: RouteDefinition | undefined,
  response: ApiResponse,
  ownEmails: readonly string[] = [],
): Inspection {
  const problems: string[] = [];
  const leaks: string[] = [];
  const { status, headers, body, text } = response;
  const serverError = status >= 500;

  if ((headers.get('content-type') ?? '').toLowerCase() !== JSON_CONTENT_TYPE)
    problems.push(`content-type is '${headers.get('content-type')}'`);
  if (!/\bno-store\b/.test(headers.get('cache-control') ?? ''))
    problems.push(`cache-control is '${headers.get('cache-control')}'`);
  if ((headers.get('x-content-type-options') ?? '').toLowerCase() !== 'nosniff')
    problems.push(`x-content-type-options is '${headers.get('x-content-type-options')}'`);
  if (typeof body !== 'object' || body === null)
    problems.push(`body is not a JSON object: ${text.slice(0, 80)}`);
  else if (status >= 400) {
    const parsed = ApiErrorSchema.safeParse(body);
    if (!parsed.success) problems.push(`error body is not an ApiError: ${parsed.error.issues[0]?.message}`);
    if ((status === 429 || status === 503) && !headers.get('retry-after'))
      problems.push(`${status} without Retry-After`);
  } else if (route) {
    const parsed = route.response.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push(
        `body does not match ${route.id}'s response schema: ${issue?.path.join('.')} ${issue?.message}`,
      );
    }
  }

  for (const [name, pattern] of INTERNAL_NAMES) if (pattern.test(text)) leaks.push(`${name} in the body`);
  if (status >= 400) {
    for (const [name, pattern] of ERROR_ONLY) if (pattern.test(text)) leaks.push(`${name} in the error body`);
    const own = new Set(ownEmails.map((email) => email.toLowerCase()));
    for (const email of text.match(EMAIL) ?? [])
      if (!own.has(email.toLowerCase())) leaks.push(`e-mail address ${email} in the error body`);
  }
  return { serverError, leaks: [...new Set(leaks)], problems };
}
