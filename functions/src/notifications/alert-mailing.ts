import type { Language, MarketAlertType } from '@app/shared/domain/enums';
import type { Message } from '@app/shared/messages/message';
import type { NotificationPreferencesRepository } from '../data/notification-preferences-repository';
import type { Mailer } from '../platform/mail/mailer';
import { render } from '../platform/messages';
import { logger } from '../platform/observability';
import { alertMail } from './alert-mail';

/** A freshly written alert, as the poll and the rules raise it (texts are messages). */
export interface RaisedAlert {
  type: MarketAlertType;
  title: Message;
  message: Message;
}

export interface AlertMailingDeps {
  preferences: Pick<NotificationPreferencesRepository, 'get'>;
  users: { get(userId: string): Promise<{ email: string; language: Language } | null> };
  mailer: Mailer;
  siteUrl: string;
  secret: string;
  now: () => Date;
}

/**
 * Mails one alert the moment it is written, when the user has e-mail on for its type. A mail that
 * cannot go out is logged and dropped: the alert is stored and shown in the app either way, and the
 * poll must not fail for a mail server.
 */
export async function mailAlertIfWanted(
  userId: string,
  alert: RaisedAlert,
  deps: AlertMailingDeps,
): Promise<'mailed' | 'not_wanted' | 'failed'> {
  try {
    const preferences = await deps.preferences.get(userId);
    if (!preferences.email[alert.type]) return 'not_wanted';
    const user = await deps.users.get(userId);
    if (!user) return 'not_wanted';
    const mail = await alertMail(
      { userId, email: user.email, language: user.language },
      {
        type: alert.type,
        title: render(alert.title, user.language),
        message: render(alert.message, user.language),
      },
      { siteUrl: deps.siteUrl, secret: deps.secret, now: deps.now() },
    );
    const outcome = await deps.mailer.send(mail);
    return outcome.sent ? 'mailed' : 'not_wanted';
  } catch (error: unknown) {
    logger.warn('alert mail not sent', { error: error instanceof Error ? error.message : String(error) });
    return 'failed';
  }
}

/** The alert mailing deps of a job or an area, from its config and document client. */
export type AlertMailer = (userId: string, alert: RaisedAlert) => Promise<unknown>;

export function alertMailerOf(deps: AlertMailingDeps): AlertMailer {
  return (userId, alert) => mailAlertIfWanted(userId, alert, deps);
}
