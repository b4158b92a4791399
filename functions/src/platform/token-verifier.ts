import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Claims } from './auth-context';

export interface TokenVerifierOptions {
  issuer: string;
  jwksUrl: string;
  /** App clients whose tokens are accepted; empty accepts any client of the pool. */
  clientIds: readonly string[];
  /** Injected in tests (a local key set); otherwise fetched from jwksUrl and cached. */
  keySet?: JWTVerifyGetKey;
  clockToleranceSeconds?: number;
}

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: string };

/**
 * Verifies a Cognito access token the way API Gateway's JWT authorizer does: RS256 signature from the
 * pool's JWKS, issuer, expiry and not-before, and the app client (`client_id` on access tokens). Used by
 * the local stack in front of every protected route, and by the Lambdas for optional-user routes. Whether
 * the account still exists and its sessions were not ended is the platform's next step, on every route
 * (session-check.ts), not the authorizer's.
 */
export function createTokenVerifier(options: TokenVerifierOptions) {
  const keySet = options.keySet ?? createRemoteJWKSet(new URL(options.jwksUrl), { cacheMaxAge: 10 * 60_000 });
  return async function verifyAccessToken(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        algorithms: ['RS256'],
        clockTolerance: options.clockToleranceSeconds ?? 0,
        requiredClaims: ['exp', 'sub'],
      });
      if (payload.token_use !== 'access') return { ok: false, reason: 'an access token is required' };
      const clientId = typeof payload.client_id === 'string' ? payload.client_id : payload.aud;
      if (
        options.clientIds.length > 0 &&
        !(typeof clientId === 'string' && options.clientIds.includes(clientId))
      ) {
        return { ok: false, reason: 'the token was issued to another client' };
      }
      return { ok: true, claims: payload as Claims };
    } catch (error: unknown) {
      // An unreachable key set is our fault, not the caller's: let it surface as a 503.
      if (error instanceof joseErrors.JWKSTimeout) throw error;
      if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'the token has expired' };
      if (error instanceof joseErrors.JOSEError) return { ok: false, reason: 'the token is not valid' };
      throw error;
    }
  };
}

export type VerifyAccessToken = ReturnType<typeof createTokenVerifier>;

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerTokenOf(headers: Record<string, string | undefined>): string | null {
  const value = headers.authorization ?? headers.Authorization;
  if (!value) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
  return match ? (match[1] as string) : null;
}
