import { isApiError } from './api-client';

/*
 * The one place where the sites read the text of an API error body: the server's own words, shown
 * when it sent some (part 1 section 8, part 2 section 8). A screen supplies its translated fallback
 * for when none came (network failure, timeout, a body that is not the API's).
 */

/** The upgrade message of a quota or plan refusal (403 with `detail.upgrade_message`), if any. */
export function upgradeMessageOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const detail = error.body?.detail;
  return detail && typeof detail === 'object' ? detail.upgrade_message : null;
}

/** The server's text for a failed call: its detail, else its upgrade message, else its error; or null. */
export function serverMessageOf(error: unknown): string | null {
  if (!isApiError(error) || !error.body) return null;
  const { detail } = error.body;
  if (typeof detail === 'string' && detail) return detail;
  return upgradeMessageOf(error) ?? (error.body.error || null);
}
