import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

/*
 * The signed links our mails carry (unsubscribe, e-mail change undo): a compact JWS, HS256 under
 * MAIL_TOKEN_SECRET, for one audience, naming one user, valid a number of days. Each kind of link
 * reads its own claims from the payload; a token of another audience never verifies.
 */

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export interface MailLinkToken {
  audience: string;
  userId: string;
  validDays: number;
  claims: Record<string, string>;
}

export async function signMailLinkToken(token: MailLinkToken, secret: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(token.claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(token.userId)
    .setAudience(token.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + token.validDays * 86_400)
    .sign(keyOf(secret));
}

/** The payload of a valid token of this audience, or null when forged, altered, expired or another kind. */
export async function verifyMailLinkToken(
  token: string,
  audience: string,
  secret: string,
  now: Date,
): Promise<(JWTPayload & { sub: string }) | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      audience,
      currentDate: now,
    });
    return payload.sub ? { ...payload, sub: payload.sub } : null;
  } catch {
    return null;
  }
}
