import type { StoredUserAlert } from '../data/alerts-repository';
import type { NotificationPreferencesRepository } from '../data/notification-preferences-repository';
import type { Language } from '@app/shared/domain/enums';
import { readStoredText } from '@app/shared/messages/stored-text';
import type { Mailer } from '../platform/mail/mailer';
import { render } from '../platform/messages';
import { logger } from '../platform/observability';
import { digestMail, type WordedAlert } from './alert-mail';

export interface AlertDigestDeps {
  preferences: Pick<NotificationPreferencesRepository, 'get' | 'digestReaders'>;
  alerts: { list(userId: string): Promise<StoredUserAlert[]> };
  users: { get(userId: string): Promise<{ email: string; language: Language } | null> };
  mailer: Mailer;
  siteUrl: string;
  secret: string;
  now: () => Date;
}

export interface AlertDigestOutcome {
  readers: number;
  mailed: number;
  /** Readers with no alert of their digest types in the window: no empty mail is sent. */
  empty: number;
  failed: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily digest (docs/product.md "Accounts and e-mail"): for every user with a digest switch on
 * (the preferences' DIGEST index, no scan), one mail in their language with the alerts of the last 24
 * hours whose type they chose, and one unsubscribe link per type. A reader whose mail fails is
 * counted and the others still get theirs.
 */
export async function sendAlertDigests(deps: AlertDigestDeps): Promise<AlertDigestOutcome> {
  const now = deps.now();
  const since = now.getTime() - DAY_MS;
  const outcome: AlertDigestOutcome = { readers: 0, mailed: 0, empty: 0, failed: 0 };
  for (const userId of await deps.preferences.digestReaders()) {
    outcome.readers += 1;
    try {
      const [preferences, user] = await Promise.all([deps.preferences.get(userId), deps.users.get(userId)]);
      if (!user) continue;
      const day = (await deps.alerts.list(userId)).filter(
        (alert) => preferences.digest[alert.type] && Date.parse(alert.timestamp) >= since,
      );
      if (day.length === 0) {
        outcome.empty += 1;
        continue;
      }
      const read = (text: StoredUserAlert['title']) =>
        readStoredText(text, user.language, (stored) => render(stored, user.language));
      const worded: WordedAlert[] = day.map((alert) => ({
        type: alert.type,
        title: read(alert.title),
        message: read(alert.message),
      }));
      const mail = await digestMail(
        { userId, email: user.email, language: user.language },
        now.toISOString().slice(0, 10),
        worded,
        { siteUrl: deps.siteUrl, secret: deps.secret, now },
      );
      if ((await deps.mailer.send(mail)).sent) outcome.mailed += 1;
    } catch (error: unknown) {
      outcome.failed += 1;
      logger.warn('digest not sent', { error: error instanceof Error ? error.message : String(error) });
    }
  }
  return outcome;
}
