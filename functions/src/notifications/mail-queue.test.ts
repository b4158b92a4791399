import { describe, expect, it } from 'vitest';
import { message } from '@app/shared/messages/message';
import { type Mailer } from '../platform/mail/mailer';
import { RecipientRejectedError, type MailMessage } from '../platform/mail/transport';
import { deliverQueuedMail, deliverQueuedMails, type QueuedMail } from './mail-queue';

const RESET: QueuedMail = {
  kind: 'send',
  to: 'ana@example.test',
  language: 'es',
  subject: message('MAIL_RESET_SUBJECT'),
  body: message('MAIL_RESET_BODY', { code: '042042', minutes: 15 }),
};

function recordingMailer(fail?: (mail: MailMessage) => Error) {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      const error = fail?.(mail);
      if (error) throw error;
      sent.push(mail);
      return { sent: true, messageId: String(sent.length) };
    },
  };
  return { mailer, sent };
}

const record = (mail: unknown, messageId = 'm-1') => ({ body: JSON.stringify(mail), messageId });

describe('the mail queue consumer', () => {
  it('words a queued mail in its reader language and sends it', async () => {
    const { mailer, sent } = recordingMailer();
    expect(await deliverQueuedMail(record(RESET), mailer)).toBe(true);
    expect(sent).toEqual([
      {
        to: 'ana@example.test',
        subject: 'Su código para restablecer la contraseña de Nugget Invest',
        text: 'Su código para elegir una nueva contraseña es 042042. Funciona una vez, durante 15 minutos. Si no lo ha solicitado, ignore este correo: su contraseña no cambia.',
      },
    ]);
  });

  it('discards a drop without mailing', async () => {
    const { mailer, sent } = recordingMailer();
    expect(await deliverQueuedMail(record({ kind: 'drop' }), mailer)).toBe(true);
    expect(sent).toEqual([]);
  });

  it('is done with a recipient the mail server refuses, and hands back one it could not reach', async () => {
    const refused = recordingMailer((mail) => new RecipientRejectedError(mail.to));
    expect(await deliverQueuedMail(record(RESET), refused.mailer)).toBe(true);
    const down = recordingMailer(() => new Error('connect ECONNREFUSED 127.0.0.1:1025'));
    expect(await deliverQueuedMail(record(RESET), down.mailer)).toBe(false);
  });

  it('hands back a message it cannot read: not JSON, an unknown kind, or a code the catalogue lacks', async () => {
    const { mailer, sent } = recordingMailer();
    expect(await deliverQueuedMail({ body: 'not json', messageId: 'x' }, mailer)).toBe(false);
    expect(await deliverQueuedMail(record({ kind: 'shout' }), mailer)).toBe(false);
    expect(
      await deliverQueuedMail(record({ ...RESET, subject: { code: 'NO_SUCH_CODE', params: {} } }), mailer),
    ).toBe(false);
    expect(sent).toEqual([]);
  });

  it('names in the batch response only the records SQS must deliver again', async () => {
    const { mailer } = recordingMailer(
      (mail) => (mail.to === 'down@example.test' ? new Error('down') : undefined) as Error,
    );
    const response = await deliverQueuedMails(
      {
        Records: [
          record(RESET, 'a'),
          record({ ...RESET, to: 'down@example.test' }, 'b'),
          record({ kind: 'drop' }, 'c'),
        ] as never,
      },
      mailer,
    );
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'b' }] });
  });
});
