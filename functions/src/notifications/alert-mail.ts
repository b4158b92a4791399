import { UNSUBSCRIBE_ONE_CLICK_PATH, type MailChannel } from '@app/shared/domain/entities/mail';
import type { Language, MarketAlertType } from '@app/shared/domain/enums';
import { message } from '@app/shared/messages/message';
import { render } from '../platform/messages';
import type { MailMessage } from '../platform/mail/transport';
import { signUnsubscribeToken } from './unsubscribe-token';

/** An alert as a reader sees it, already worded in their language. */
export interface WordedAlert {
  type: MarketAlertType;
  title: string;
  message: string;
}

export interface MailLinks {
  siteUrl: string;
  secret: string;
  now: Date;
}

/** The site page that confirms the unsubscribe (web: /unsubscribe), carrying the signed token. */
export async function unsubscribeUrl(
  userId: string,
  type: MarketAlertType,
  channel: MailChannel,
  links: MailLinks,
): Promise<string> {
  const token = await signUnsubscribeToken({ userId, type, channel }, links.secret, links.now);
  return `${links.siteUrl.replace(/\/+$/, '')}/unsubscribe?token=${token}`;
}

/**
 * RFC 2369 List-Unsubscribe with RFC 8058 one-click: the address is the API's one-click route (the
 * site's origin serves /api), carrying the same signed token as the page link, and
 * List-Unsubscribe-Post tells the mail client to POST `List-Unsubscribe=One-Click` there: the mail
 * is turned off without a sign-in or a page, and a link scanner's GET changes nothing.
 */
function listUnsubscribe(pageUrl: string): Record<string, string> {
  const page = new URL(pageUrl);
  const oneClick = new URL(UNSUBSCRIBE_ONE_CLICK_PATH, page);
  oneClick.search = page.search;
  return {
    'List-Unsubscribe': `<${oneClick.href}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** One alert, mailed when raised, in the reader's language, with its one-click unsubscribe link. */
export async function alertMail(
  recipient: { userId: string; email: string; language: Language },
  alert: WordedAlert,
  links: MailLinks,
): Promise<MailMessage> {
  const url = await unsubscribeUrl(recipient.userId, alert.type, 'email', links);
  const say = (text: Parameters<typeof render>[0]) => render(text, recipient.language);
  const text = [
    alert.title,
    '',
    alert.message,
    '',
    say(message('MAIL_ALERT_OPEN', { url: `${links.siteUrl.replace(/\/+$/, '')}/alerts` })),
    '',
    say(message('MAIL_UNSUBSCRIBE_LINE', { type: alert.type, url })),
  ].join('\n');
  return {
    to: recipient.email,
    subject: say(message('MAIL_ALERT_SUBJECT', { title: alert.title })),
    text,
    headers: listUnsubscribe(url),
  };
}

/** The day's alerts of the digest types in one mail, one unsubscribe link per type it holds. */
export async function digestMail(
  recipient: { userId: string; email: string; language: Language },
  day: string,
  alerts: readonly WordedAlert[],
  links: MailLinks,
): Promise<MailMessage> {
  const say = (text: Parameters<typeof render>[0]) => render(text, recipient.language);
  const types = [...new Set(alerts.map((alert) => alert.type))];
  const urls = await Promise.all(
    types.map((type) => unsubscribeUrl(recipient.userId, type, 'digest', links)),
  );
  const lines = alerts.flatMap((alert) => [`- ${alert.title}`, `  ${alert.message}`]);
  const footer = types.map((type, index) =>
    say(message('MAIL_DIGEST_UNSUBSCRIBE_LINE', { type, url: urls[index] as string })),
  );
  return {
    to: recipient.email,
    subject: say(message('MAIL_DIGEST_SUBJECT', { date: day })),
    text: [
      ...lines,
      '',
      say(message('MAIL_ALERT_OPEN', { url: `${links.siteUrl.replace(/\/+$/, '')}/alerts` })),
      '',
      ...footer,
    ].join('\n'),
    ...(urls.length === 1 ? { headers: listUnsubscribe(urls[0] as string) } : {}),
  };
}
