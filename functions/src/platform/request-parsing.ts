import type { z } from 'zod';
import { MAX_JSON_DEPTH, parseBoundedJson } from '@app/shared/domain/bounded-json';
import { message } from '@app/shared/messages/message';
import { fieldIssuesFromZod, type FieldIssue } from '@app/shared/messages/field-issues';
import { PayloadTooLargeError, fieldError } from './errors';
import type { HttpEvent } from './http-event';

/** Reading a request's parts before a service sees them: every refusal names its field. */

export type RequestPart = 'params' | 'query' | 'body';

/** Parses one part with the contract's schema; collects a message per bad field into `issues`. */
export function parsePart(
  schema: z.ZodType | undefined,
  value: unknown,
  part: RequestPart,
  issues: FieldIssue[],
): unknown {
  if (!schema) return part === 'body' ? undefined : {};
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  issues.push(...fieldIssuesFromZod(result.error, value, part));
  return undefined;
}

/**
 * API Gateway hands a repeated query parameter over comma-joined ("a,b"), which a string field would
 * accept as one value: a name given twice is refused instead (HTTP parameter pollution).
 */
export function repeatedQueryIssues(rawQueryString: string | undefined): FieldIssue[] {
  const counts = new Map<string, number>();
  for (const [name] of new URLSearchParams(rawQueryString ?? ''))
    counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts]
    .filter(([, count]) => count > 1)
    .map(([name]) => ({ path: `query.${name}`, message: message('FIELD_GIVEN_TWICE', { field: name }) }));
}

/** The body as sent, decoded; a body above `maxBytes` is a 413. */
export function readRawBody(event: HttpEvent, maxBytes: number): string {
  const raw = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > maxBytes) {
    throw new PayloadTooLargeError(message('REQUEST_BODY_TOO_LARGE', { maximum: maxBytes }));
  }
  return text;
}

export function parseJsonBody(event: HttpEvent, maxBytes: number): unknown {
  const text = readRawBody(event, maxBytes);
  if (text.trim() === '') return undefined;
  const contentType = event.headers?.['content-type'] ?? '';
  if (!/^application\/json\b/i.test(contentType)) {
    throw fieldError('body', message('REQUEST_BODY_WRONG_CONTENT_TYPE'));
  }
  // A body nested thousands deep parses, then overflows the stack of whatever walks it: refused first.
  const parsed = parseBoundedJson(text, MAX_JSON_DEPTH);
  if (parsed.ok) return parsed.value;
  throw fieldError(
    'body',
    parsed.reason === 'too_deep'
      ? message('REQUEST_BODY_TOO_DEEP', { maximum: MAX_JSON_DEPTH })
      : message('REQUEST_BODY_NOT_JSON'),
  );
}
