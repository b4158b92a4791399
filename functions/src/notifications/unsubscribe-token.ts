import { signMailLinkToken, verifyMailLinkToken } from '../platform/mail/link-token';
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

export async function signUnsubscribeToken(
  claims: UnsubscribeClaims,
  secret: string,
  now: Date,
): Promise<string> {
  return signMailLinkToken(
    {
      audience: AUDIENCE,
      userId: claims.userId,
      validDays: UNSUBSCRIBE_TOKEN_DAYS,
      claims: { typ: claims.type, ch: claims.channel },
    },
    secret,
    now,
  );
}

/** The token's claims, or null when it is forged, altered, expired or not an unsubscribe token. */
export async function verifyUnsubscribeToken(
  token: string,
  secret: string,
  now: Date,
): Promise<UnsubscribeClaims | null> {
  const payload = await verifyMailLinkToken(token, AUDIENCE, secret, now);
  if (!payload) return null;
  const type = MarketAlertTypeSchema.safeParse(payload.typ);
  const channel = MailChannelSchema.safeParse(payload.ch);
  if (!type.success || !channel.success) return null;
  return { userId: payload.sub, type: type.data, channel: channel.data };
}
