import { SignJWT, jwtVerify } from 'jose';
import { MailChannelSchema, type MailChannel } from '@app/shared/domain/entities/mail';
import { MarketAlertTypeSchema, type MarketAlertType } from '@app/shared/domain/enums';

/*
 * The one-click unsubscribe token of an alert mail: a compact JWS (HS256 under MAIL_TOKEN_SECRET)
 * naming the user, the alert type and the channel, valid UNSUBSCRIBE_TOKEN_DAYS. Anyone holding the
 * mail may turn that one mail off without signing in, and nothing else: the token cannot read data,
 * sign in or touch another switch.
 */

export const UNSUBSCRIBE_TOKEN_DAYS = 60;
const AUDIENCE = 'nugget:unsubscribe';

export interface UnsubscribeClaims {
  userId: string;
  type: MarketAlertType;
  channel: MailChannel;
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signUnsubscribeToken(
  claims: UnsubscribeClaims,
  secret: string,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: claims.type, ch: claims.channel })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + UNSUBSCRIBE_TOKEN_DAYS * 86_400)
    .sign(keyOf(secret));
}

/** The token's claims, or null when it is forged, altered, expired or not an unsubscribe token. */
export async function verifyUnsubscribeToken(
  token: string,
  secret: string,
  now: Date,
): Promise<UnsubscribeClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: now,
    });
    const type = MarketAlertTypeSchema.safeParse(payload.typ);
    const channel = MailChannelSchema.safeParse(payload.ch);
    if (!payload.sub || !type.success || !channel.success) return null;
    return { userId: payload.sub, type: type.data, channel: channel.data };
  } catch {
    return null;
  }
}
