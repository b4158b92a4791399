import { describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { createMailer } from './mailer';
import type { MailMessage, MailTransport } from './transport';
import { createSesTransport } from './ses-transport';

function recordingTransport(): MailTransport & { delivered: (MailMessage & { from: string })[] } {
  const delivered: (MailMessage & { from: string })[] = [];
  return {
    delivered,
    async deliver(message) {
      delivered.push(message);
      return `<id-${delivered.length}@test>`;
    },
  };
}

describe('Mailer', () => {
  it('sends from the configured sender and returns the transport message id', async () => {
    const transport = recordingTransport();
    const mailer = createMailer(transport, 'Nugget <no-reply@example.test>', {
      isSuppressed: async () => false,
    });
    const outcome = await mailer.send({ to: 'a@example.test', subject: 'Hi', text: 'Body' });
    expect(outcome).toEqual({ sent: true, messageId: '<id-1@test>' });
    expect(transport.delivered).toEqual([
      { to: 'a@example.test', subject: 'Hi', text: 'Body', from: 'Nugget <no-reply@example.test>' },
    ]);
  });

  it('never mails a suppressed address (a bounce or a complaint) and says why', async () => {
    const transport = recordingTransport();
    const mailer = createMailer(transport, 'x@example.test', {
      isSuppressed: async (address) => address === 'bounced@example.test',
    });
    expect(await mailer.send({ to: 'bounced@example.test', subject: 'S', text: 'T' })).toEqual({
      sent: false,
      reason: 'suppressed',
    });
    expect(transport.delivered).toHaveLength(0);
  });
});

describe('SES transport', () => {
  it('sends a simple content with the configuration set and our headers', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
    const transport = createSesTransport(
      { region: 'eu-west-3', configurationSet: 'nugget-prod-mail' },
      new SESv2Client({ region: 'eu-west-3' }),
    );
    const id = await transport.deliver({
      from: 'no-reply@example.test',
      to: 'a@example.test',
      subject: 'Sujet',
      text: 'Texte',
      html: '<p>Texte</p>',
      headers: { 'List-Unsubscribe': '<https://x/u>' },
    });
    expect(id).toBe('ses-1');
    const input = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input?.ConfigurationSetName).toBe('nugget-prod-mail');
    expect(input?.Destination?.ToAddresses).toEqual(['a@example.test']);
    expect(input?.Content?.Simple?.Headers).toEqual([{ Name: 'List-Unsubscribe', Value: '<https://x/u>' }]);
    expect(input?.Content?.Simple?.Body?.Html?.Data).toBe('<p>Texte</p>');
    ses.restore();
  });
});
