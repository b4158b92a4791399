import type { UnsubscribeResult } from '@app/shared/domain/entities/mail';
import { message } from '@app/shared/messages/message';
import type { NotificationPreferencesRepository } from '../data/notification-preferences-repository';
import { fieldError } from '../platform/errors';
import { verifyUnsubscribeToken } from './unsubscribe-token';

export interface UnsubscribeDeps {
  preferences: Pick<NotificationPreferencesRepository, 'turnOff'>;
  secret: string;
  now: () => Date;
}

/**
 * POST /api/unsubscribe (the site's page, token in the body) and POST /api/unsubscribe/one-click (a mail
 * client's RFC 8058 POST, token in the query): turns off the one mail the signed token names.
 * Idempotent (a second click answers the same); a forged, altered or expired token is a 400 naming the
 * token where it came, nothing changes.
 */
export async function unsubscribe(
  token: string,
  deps: UnsubscribeDeps,
  tokenPath: 'body.token' | 'query.token' = 'body.token',
): Promise<UnsubscribeResult> {
  const now = deps.now();
  const claims = await verifyUnsubscribeToken(token, deps.secret, now);
  if (!claims) throw fieldError(tokenPath, message('MAIL_UNSUBSCRIBE_INVALID', { field: 'token' }));
  await deps.preferences.turnOff(claims.userId, claims.type, claims.channel, now);
  return { unsubscribed: true, alert_type: claims.type, channel: claims.channel };
}
