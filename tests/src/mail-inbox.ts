import { inject } from 'vitest';

/** A mail as maildev's REST API gives it (GET /api/email), the fields the tests read. */
export interface ReceivedMail {
  id: string;
  subject: string;
  text: string;
  to: { address: string }[];
  headers: Record<string, string>;
  time: string;
}

/** Every mail the stack's maildev holds for one address, oldest first. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const { mailUrl } = inject('stack');
  const response = await fetch(`${mailUrl}/api/email`);
  if (!response.ok) throw new Error(`maildev answered ${response.status}`);
  const mails = (await response.json()) as ReceivedMail[];
  return mails.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Waits until `count` mails reached the address (SMTP delivery is quick but not instant). */
export async function waitForMails(address: string, count = 1, timeoutMs = 15_000): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline)
      throw new Error(`${count} mail(s) to ${address} expected, ${mails.length} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The six-digit code a code mail carries. */
export function codeIn(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in the mail "${mail.subject}"`);
  return match[1];
}

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
