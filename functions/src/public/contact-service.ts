import { ulid } from 'ulid';
import {
  CONTACT_MESSAGES_PER_HOUR,
  hasPrioritySupport,
  type ContactMessagePayload,
  type InboxMessage,
} from '@app/shared/domain/entities/contact';
import type { Tier } from '@app/shared/domain/enums';
import type { ContactMessagesRepository } from '../data/contact-messages-repository';
import type { AuthContext } from '../platform/auth-context';
import { RateLimitedError } from '../platform/errors';
import type { Mailer } from '../platform/mail/mailer';
import { render } from '../platform/messages';
import { logger } from '../platform/observability';
import { message } from '@app/shared/messages/message';

export interface ContactDeps {
  contact: Pick<ContactMessagesRepository, 'countSenderMessage' | 'insert'>;
  users: { get(userId: string): Promise<{ subscription_tier: Tier } | null> };
  now: () => Date;
  /** The operator gets each stored message by mail too (the same Mailer as every mail). */
  mailer: Mailer;
  operatorEmail: string;
}

export interface ContactSender {
  auth: AuthContext;
  sourceIp: string;
}

/** The clock hour a message counts against (`yyyy-mm-ddThh`, UTC) and the seconds left in it. */
export function contactHourOf(now: Date): { hour: string; secondsLeft: number } {
  const hour = now.toISOString().slice(0, 13);
  const secondsIntoHour = now.getUTCMinutes() * 60 + now.getUTCSeconds();
  return { hour, secondsLeft: Math.max(1, 3600 - secondsIntoHour) };
}

/**
 * Stores a contact message for the admin Inbox (docs/product.md "Contact and the admin Inbox"). A
 * filled honeypot gets the same answer and nothing is stored or counted, so a bot learns nothing.
 * Each sender (a signed-in user by id, anyone else by address) may send CONTACT_MESSAGES_PER_HOUR of
 * its kind per clock hour; the next one is a 429 with the seconds until the hour turns.
 */
export async function sendContactMessage(
  payload: ContactMessagePayload,
  sender: ContactSender,
  deps: ContactDeps,
): Promise<{ received: true }> {
  if (payload.website !== undefined && payload.website.trim() !== '') return { received: true };
  const now = deps.now();
  const userId = sender.auth.kind === 'user' ? sender.auth.userId : null;
  const senderKey = userId ? `user:${userId}` : `ip:${sender.sourceIp}`;
  const { hour, secondsLeft } = contactHourOf(now);
  const limit = userId ? CONTACT_MESSAGES_PER_HOUR.signedIn : CONTACT_MESSAGES_PER_HOUR.perAddress;
  const counted = await deps.contact.countSenderMessage(
    senderKey,
    hour,
    limit,
    Math.floor(now.getTime() / 1000),
  );
  if (!counted) throw new RateLimitedError(secondsLeft);

  // The plan at the time of writing decides the message's place in the Inbox.
  const tier = userId ? ((await deps.users.get(userId))?.subscription_tier ?? 'FREE') : null;
  const stored: InboxMessage = {
    id: ulid(now.getTime()),
    name: payload.name,
    email: payload.email,
    subject: payload.subject,
    message: payload.message,
    user_id: userId,
    sender_tier: tier,
    priority: hasPrioritySupport(tier),
    received_at: now.toISOString(),
    handled: false,
    handled_at: null,
  };
  await deps.contact.insert(stored);
  await mailOperator(stored, deps);
  return { received: true };
}

/**
 * The operator's copy, in English (the operator's language; the visitor's words are as written). The
 * message is already in the Inbox, so a mail that cannot go out is logged, not an error for the visitor.
 */
async function mailOperator(stored: InboxMessage, deps: ContactDeps): Promise<void> {
  try {
    await deps.mailer.send({
      to: deps.operatorEmail,
      subject: render(message('MAIL_CONTACT_SUBJECT', { subject: stored.subject }), 'en'),
      text: [
        render(message('MAIL_CONTACT_FROM', { name: stored.name, email: stored.email }), 'en'),
        '',
        stored.message,
      ].join('\n'),
    });
  } catch (error: unknown) {
    logger.warn('contact mail to the operator not sent', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
