import { inject } from 'vitest';
import { codeIn, mailsAt, waitForMailsAt, type ReceivedMail } from './sign-up-by-mail';

export type { ReceivedMail };
export { codeIn };

/** Every mail the stack's maildev holds for one address, oldest first. */
export const mailsTo = (address: string): Promise<ReceivedMail[]> =>
  mailsAt(inject('stack').mailUrl, address);

/** Waits until `count` mails reached the address (SMTP delivery is quick but not instant). */
export const waitForMails = (address: string, count = 1, timeoutMs = 15_000): Promise<ReceivedMail[]> =>
  waitForMailsAt(inject('stack').mailUrl, address, count, timeoutMs);

/** A header of the mail's raw source (maildev parses only a few), unfolded. */
export async function rawHeader(mail: ReceivedMail, name: string): Promise<string | undefined> {
  const { mailUrl } = inject('stack');
  const source = await (await fetch(`${mailUrl}/api/email/${mail.id}/source`)).text();
  const head = source.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((entry) => entry.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
