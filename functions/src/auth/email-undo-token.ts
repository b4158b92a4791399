import { signMailLinkToken, verifyMailLinkToken } from '../platform/mail/link-token';

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

export async function signEmailUndoToken(
  claims: EmailUndoClaims,
  secret: string,
  now: Date,
): Promise<string> {
  return signMailLinkToken(
    {
      audience: AUDIENCE,
      userId: claims.userId,
      validDays: EMAIL_UNDO_DAYS,
      claims: { old: claims.oldEmail, new: claims.newEmail },
    },
    secret,
    now,
  );
}

/** The token's claims, or null when it is forged, altered, expired or not an undo token. */
export async function verifyEmailUndoToken(
  token: string,
  secret: string,
  now: Date,
): Promise<EmailUndoClaims | null> {
  const payload = await verifyMailLinkToken(token, AUDIENCE, secret, now);
  if (!payload) return null;
  const { sub, old: oldEmail, new: newEmail } = payload;
  if (typeof oldEmail !== 'string' || typeof newEmail !== 'string') return null;
  return { userId: sub, oldEmail, newEmail };
}
