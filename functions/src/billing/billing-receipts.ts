import type { Language } from '@app/shared/domain/enums';
import { message } from '@app/shared/messages/message';
import type { MailQueue, QueuedMail } from '../notifications/mail-queue';
import { logger } from '../platform/observability';
import type { BillingOutput } from './billing-account';

/**
 * A receipt mail for every charge (an invoice issued) and every refund (a credit note issued), in the
 * customer's language, through the mail queue (notifications/mail-queue.ts). Sent after the billing
 * transaction committed, so a mail never announces money that was not recorded.
 */

export function receiptMailsOf(
  outputs: readonly BillingOutput[],
  recipient: { email: string; language: Language },
): QueuedMail[] {
  const mail = (subject: QueuedMail & { kind: 'send' }): QueuedMail => subject;
  return outputs.flatMap((output): QueuedMail[] => {
    if (output.type === 'invoice_issued') {
      const { invoice } = output;
      return [
        mail({
          kind: 'send',
          to: recipient.email,
          language: recipient.language,
          subject: message('BILLING_RECEIPT_SUBJECT', { invoiceNumber: invoice.number }),
          body: message('BILLING_RECEIPT_BODY', {
            invoiceNumber: invoice.number,
            amount: invoice.totalCents,
            tier: invoice.plan.tier,
            cycle: invoice.plan.cycle,
            periodStart: invoice.periodStart,
            periodEnd: invoice.periodEnd,
          }),
        }),
      ];
    }
    if (output.type === 'credit_note_issued') {
      const { creditNote } = output;
      return [
        mail({
          kind: 'send',
          to: recipient.email,
          language: recipient.language,
          subject: message('BILLING_REFUND_RECEIPT_SUBJECT', { creditNoteNumber: creditNote.number }),
          body: message('BILLING_REFUND_RECEIPT_BODY', {
            creditNoteNumber: creditNote.number,
            invoiceNumber: creditNote.invoiceNumber,
            amount: creditNote.amountCents,
          }),
        }),
      ];
    }
    return [];
  });
}

export interface ReceiptDeps {
  mailQueue: MailQueue;
  findRecipient: (userId: string) => Promise<{ email: string; language: Language } | null>;
}

/**
 * Queues the receipts of a committed billing step. The money moved already: a failure here is logged
 * (the mail queue's own alarm covers lost mails), never turned into an error for a paid request.
 */
export async function sendReceipts(
  userId: string,
  outputs: readonly BillingOutput[],
  deps: ReceiptDeps,
): Promise<number> {
  if (!outputs.some((output) => output.type === 'invoice_issued' || output.type === 'credit_note_issued'))
    return 0;
  try {
    const recipient = await deps.findRecipient(userId);
    if (!recipient) return 0;
    const mails = receiptMailsOf(outputs, recipient);
    for (const mail of mails) await deps.mailQueue.enqueue(mail);
    return mails.length;
  } catch (error: unknown) {
    logger.error('billing receipt not queued', { error: error instanceof Error ? error.message : 'unknown' });
    return 0;
  }
}

/** The receipts of the environment: its mail queue, the address and language of the user's profile. */
export function createReceiptDeps(
  mailQueue: MailQueue,
  users: { get(userId: string): Promise<{ email: string; language: Language } | null> },
): ReceiptDeps {
  return {
    mailQueue,
    findRecipient: async (userId) => {
      const user = await users.get(userId);
      return user ? { email: user.email, language: user.language } : null;
    },
  };
}
