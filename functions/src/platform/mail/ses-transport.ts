import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { RecipientRejectedError, type MailTransport } from './transport';

/**
 * SES v2 `SendEmail` with a simple content (subject, text, HTML and our headers). The configuration
 * set routes bounce and complaint events to the SNS topic the mail-feedback job reads
 * (infra/lib/constructs/mail.ts).
 */
export function createSesTransport(
  options: { region: string; configurationSet: string | undefined },
  client = new SESv2Client({ region: options.region, maxAttempts: 3 }),
): MailTransport {
  return {
    async deliver(message) {
      const headers = Object.entries(message.headers ?? {}).map(([Name, Value]) => ({ Name, Value }));
      const result = await client
        .send(
          new SendEmailCommand({
            FromEmailAddress: message.from,
            Destination: { ToAddresses: [message.to] },
            ...(options.configurationSet ? { ConfigurationSetName: options.configurationSet } : {}),
            Content: {
              Simple: {
                Subject: { Data: message.subject, Charset: 'UTF-8' },
                Body: {
                  Text: { Data: message.text, Charset: 'UTF-8' },
                  ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
                },
                ...(headers.length > 0 ? { Headers: headers } : {}),
              },
            },
          }),
        )
        .catch((error: unknown) => {
          // SES answers an address it cannot use with MessageRejected or a BadRequest on the destination.
          const name = error instanceof Error ? error.name : '';
          if (name === 'MessageRejected' || name === 'BadRequestException')
            throw new RecipientRejectedError(message.to);
          throw error;
        });
      return result.MessageId ?? '';
    },
  };
}
