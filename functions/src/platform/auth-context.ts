/** Who is calling, from verified Cognito claims only (never from a header or body the client sets). */
export type AuthContext =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      userId: string;
      username: string;
      email: string | null;
      groups: string[];
      isAdmin: boolean;
      clientId: string | null;
    };

export const ANONYMOUS: AuthContext = { kind: 'anonymous' };

export const ADMIN_GROUP = 'ADMIN';

/**
 * API Gateway HTTP APIs pass array claims as a bracketed, space-separated string ("[ADMIN USERS]");
 * a verified token gives a real array. Accept both.
 */
export function parseGroupsClaim(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (typeof value !== 'string' || value.trim() === '') return [];
  const trimmed = value.trim();
  const inner = trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
  return inner
    .split(/[\s,]+/)
    .map((group) => group.trim())
    .filter(Boolean);
}

export type Claims = Record<string, unknown>;

/** Builds the caller from claims of an access token; returns a reason when the claims cannot be a caller. */
export function authContextFromClaims(claims: Claims): { auth: AuthContext } | { reason: string } {
  if (claims.token_use !== 'access') return { reason: 'an access token is required' };
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') return { reason: 'the token has no subject' };
  const groups = parseGroupsClaim(claims['cognito:groups']);
  return {
    auth: {
      kind: 'user',
      userId: sub,
      username: typeof claims.username === 'string' ? claims.username : sub,
      email: typeof claims.email === 'string' ? claims.email : null,
      groups,
      isAdmin: groups.includes(ADMIN_GROUP),
      clientId: typeof claims.client_id === 'string' ? claims.client_id : null,
    },
  };
}
