import { SignJWT, jwtVerify } from 'jose';

/*
 * The undo link mailed to the address an account leaves (docs/accounts.md "E-mail change"): a compact
 * JWS (HS256 under MAIL_TOKEN_SECRET) naming the user, the address left and the address moved to,
 * valid EMAIL_UNDO_DAYS. Whoever reads the old address's mail may move the account back, and nothing
 * else. It works only while the account still has the address it names as new, so it is used up by
 * its own undo and by any later change.
 */

export const EMAIL_UNDO_DAYS = 7;
const AUDIENCE = 'nugget:email-undo';

export interface EmailUndoClaims {
  userId: string;
  oldEmail: string;
  newEmail: string;
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signEmailUndoToken(
  claims: EmailUndoClaims,
  secret: string,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ old: claims.oldEmail, new: claims.newEmail })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + EMAIL_UNDO_DAYS * 86_400)
    .sign(keyOf(secret));
}

/** The token's claims, or null when it is forged, altered, expired or not an undo token. */
export async function verifyEmailUndoToken(
  token: string,
  secret: string,
  now: Date,
): Promise<EmailUndoClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: now,
    });
    const { sub, old: oldEmail, new: newEmail } = payload;
    if (!sub || typeof oldEmail !== 'string' || typeof newEmail !== 'string') return null;
    return { userId: sub, oldEmail, newEmail };
  } catch {
    return null;
  }
}
