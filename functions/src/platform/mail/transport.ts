/**
 * What the mailer hands a transport and what a transport may throw back: the SMTP and SES transports
 * implement this, and mailer.ts chooses between them, so it lives apart from both (no import circle).
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

/** The mail server refused the recipient itself (a malformed or impossible address): nothing was sent. */
export class RecipientRejectedError extends Error {
  constructor(readonly recipient: string) {
    super('the mail server refused the recipient address');
  }
}

/** What actually puts a message on the wire (SMTP or SES); returns the message id. */
export interface MailTransport {
  deliver(message: MailMessage & { from: string }): Promise<string>;
}
