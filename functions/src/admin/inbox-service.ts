import type { InboxMessage } from '@app/shared/domain/entities/contact';
import { message } from '@app/shared/messages/message';
import type { ContactMessagesRepository } from '../data/contact-messages-repository';
import type { Page, PageRequest } from '../data/review-queue';
import { NotFoundError } from '../platform/errors';
import { listPage } from './review-service';

/** The admin Inbox: contact messages, paid plans' first then newest first (the repository's order). */
export async function listInbox(
  inbox: Pick<ContactMessagesRepository, 'list'>,
  page: PageRequest,
): Promise<{ messages: InboxMessage[]; next_cursor: string | null }> {
  const listed: Page<InboxMessage> = await listPage((request) => inbox.list(request), page);
  return { messages: listed.items, next_cursor: listed.nextCursor };
}

/** Marks a message handled or not; the same request twice leaves the same message (idempotent). */
export async function setInboxHandled(
  inbox: Pick<ContactMessagesRepository, 'setHandled'>,
  id: string,
  handled: boolean,
  now: Date,
): Promise<InboxMessage> {
  const updated = await inbox.setHandled(id, handled, now.toISOString());
  if (!updated) throw new NotFoundError(message('ADMIN_INBOX_MESSAGE_NOT_FOUND'));
  return updated;
}
