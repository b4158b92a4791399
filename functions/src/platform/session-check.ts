import type { Claims } from './auth-context';

/**
 * How long a process keeps what it read of a user's sessions (docs/accounts.md "Sign out of every
 * session"). A session ended in another process (another Lambda, another area's thread) is refused
 * here at the latest this long after it ended; the process that ended it forgets at once. The handlers
 * pass the configured value (config.ts SESSION_STATE_CACHE_SECONDS: this by default, shorter on the
 * test stack, never longer).
 */
export const SESSION_STATE_CACHE_SECONDS = 30;

/** What the API knows of a user's sessions: gone (the account was deleted), or the revocation second. */
export type SessionState = { exists: false } | { exists: true; revokedAt: number | null };

/** Reads a user's session state from where it is stored (data/session-states.ts: the users table). */
export type ReadSessionState = (userId: string) => Promise<SessionState>;

export type SessionRefusal = 'account-gone' | 'session-revoked';

/** Bounds the memory of a long-lived process (the local stack): the oldest entry goes first. */
const CACHE_MAX_USERS = 10_000;

const cache = new Map<string, { state: SessionState; until: number }>();

/**
 * When the session of a token began. Cognito keeps the first sign-in's `auth_time` in the access tokens
 * a refresh issues, so a refreshed token of an ended session is still refused; `iat` where it is absent.
 */
function sessionStartOf(claims: Claims): number {
  const authTime = Number(claims.auth_time);
  const issuedAt = Number(claims.iat);
  const candidates = [authTime, issuedAt].filter((value) => Number.isFinite(value) && value > 0);
  return candidates.length > 0 ? Math.min(...candidates) : 0;
}

/**
 * Why a verified token of `userId` must be refused, or null when it may be used: the account is gone, or
 * its sessions were ended at or after the second the token's session began (sign out everywhere, a
 * password change or reset, the deletion). One read per user and process every `cacheSeconds`.
 */
export async function sessionRefusalOf(
  userId: string,
  claims: Claims,
  read: ReadSessionState,
  nowMs: number = Date.now(),
  cacheSeconds: number = SESSION_STATE_CACHE_SECONDS,
): Promise<SessionRefusal | null> {
  let cached = cache.get(userId);
  if (!cached || cached.until <= nowMs) {
    cached = { state: await read(userId), until: nowMs + cacheSeconds * 1000 };
    cache.delete(userId);
    if (cache.size >= CACHE_MAX_USERS) cache.delete(cache.keys().next().value as string);
    cache.set(userId, cached);
  }
  const { state } = cached;
  if (!state.exists) return 'account-gone';
  if (state.revokedAt !== null && sessionStartOf(claims) <= state.revokedAt) return 'session-revoked';
  return null;
}

/** This process ended the user's sessions (or deleted the account): read the state again next time. */
export function forgetSessionState(userId: string): void {
  cache.delete(userId);
}
