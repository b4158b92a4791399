import { describe, expect, it } from 'vitest';
import type { Message } from '@app/shared/messages/message';
import type { QueuedMail } from '../notifications/mail-queue';
import { render } from '../platform/messages';
import type { BillingOutput } from './billing-account';
import { receiptMailsOf, sendReceipts } from './billing-receipts';

const INVOICE: BillingOutput = {
  type: 'invoice_issued',
  invoice: {
    number: 'INV-0002',
    customerId: 'user-1',
    issuedAt: '2026-03-01T10:00:00.000Z',
    reason: 'subscribe',
    plan: { tier: 'PRO', cycle: 'annual' },
    periodStart: '2026-03-01T10:00:00.000Z',
    periodEnd: '2027-03-01T10:00:00.000Z',
    lines: [{ kind: 'plan', amountCents: 190_800 }],
    totalCents: 190_800,
    chargeId: 'pi_1',
  },
};

const CREDIT_NOTE: BillingOutput = {
  type: 'credit_note_issued',
  creditNote: {
    number: 'CN-0001',
    customerId: 'user-1',
    issuedAt: '2026-03-20T10:00:00.000Z',
    invoiceNumber: 'INV-0002',
    amountCents: 190_800,
    refundId: 're_1',
    reason: 'money_back_guarantee',
  },
};

const wordedAs = (mail: QueuedMail) => {
  if (mail.kind !== 'send') throw new Error('not a mail');
  return {
    to: mail.to,
    subject: render(mail.subject as Message, mail.language),
    body: render(mail.body as Message, mail.language),
  };
};

describe('receiptMailsOf', () => {
  it('mails a receipt per charge with the invoice, the amount, the plan in its cycle and the period, in English', () => {
    const [mail] = receiptMailsOf(
      [INVOICE, { type: 'grace_period_started', graceEndsAt: '2026-04-08T00:00:00Z' }],
      {
        email: 'ada@example.test',
        language: 'en',
      },
    ).map(wordedAs);

    expect(mail?.to).toBe('ada@example.test');
    expect(mail?.subject).toContain('INV-0002');
    expect(mail?.body).toContain('$1,908.00');
    expect(mail?.body).toContain('Platinum');
    expect(mail?.body).toContain('annually');
    expect(mail?.body).toContain('2027');
  });

  it('words the refund receipt in French and Spanish, with the credit note and the refunded invoice', () => {
    const [french] = receiptMailsOf([CREDIT_NOTE], { email: 'a@example.test', language: 'fr' }).map(wordedAs);
    const [spanish] = receiptMailsOf([CREDIT_NOTE], { email: 'a@example.test', language: 'es' }).map(
      wordedAs,
    );

    expect(french?.subject).toBe('Votre remboursement Nugget Invest CN-0001');
    expect(french?.body).toMatch(/^Nous avons remboursé 1\s908,00\s\$US de la facture INV-0002/);
    expect(spanish?.subject).toBe('Su reembolso de Nugget Invest CN-0001');
    expect(spanish?.body).toContain('factura INV-0002');
  });

  it('mails nothing for a step without money moved (a scheduled change)', () => {
    const scheduled: BillingOutput = {
      type: 'change_scheduled',
      change: { kind: 'cancel', effectiveAt: '2026-04-01T00:00:00Z' },
    };
    expect(receiptMailsOf([scheduled], { email: 'a@example.test', language: 'en' })).toEqual([]);
  });
});

describe('sendReceipts', () => {
  it('queues one mail per document, and a queue failure never fails the paid request', async () => {
    const queued: QueuedMail[] = [];
    const recipient = async () => ({ email: 'a@example.test', language: 'es' as const });

    const sent = await sendReceipts('user-1', [INVOICE, CREDIT_NOTE], {
      mailQueue: { enqueue: async (mail) => void queued.push(mail) },
      findRecipient: recipient,
    });
    const failed = await sendReceipts('user-1', [INVOICE], {
      mailQueue: {
        enqueue: async () => {
          throw new Error('queue down');
        },
      },
      findRecipient: recipient,
    });

    expect(sent).toBe(2);
    expect(queued.map((mail) => (mail.kind === 'send' ? mail.language : null))).toEqual(['es', 'es']);
    expect(failed).toBe(0);
  });
});
