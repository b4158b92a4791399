import type { Config } from '../../config';
import { logger } from '../observability';
import { createSesTransport } from './ses-transport';
import { createSmtpTransport } from './smtp-transport';
import type { MailMessage, MailTransport } from './transport';

/**
 * The one mail path of the product (docs/architecture.md "Mail"): alerts, digests, reset and
 * verification codes and the contact form's copy to the operator all go through `Mailer.send`.
 * Locally it speaks real SMTP to the stack's maildev; in the cloud it sends through SES v2 with the
 * configuration set whose bounce and complaint notifications feed the suppression list.
 */

export type MailOutcome = { sent: true; messageId: string } | { sent: false; reason: 'suppressed' };

export interface Mailer {
  send(message: MailMessage): Promise<MailOutcome>;
}

/** Addresses that bounced or complained (data/mail-suppressions-repository.ts); the Mailer never mails them. */
export interface SuppressionList {
  isSuppressed(address: string): Promise<boolean>;
}

export function createMailer(transport: MailTransport, from: string, suppressions: SuppressionList): Mailer {
  return {
    async send(message) {
      if (await suppressions.isSuppressed(message.to)) {
        logger.info('mail not sent: the address is on the suppression list', { subject: message.subject });
        return { sent: false, reason: 'suppressed' };
      }
      const messageId = await transport.deliver({ ...message, from });
      return { sent: true, messageId };
    },
  };
}

export type MailConfig = Pick<
  Config,
  'MAIL_TRANSPORT' | 'SMTP_HOST' | 'SMTP_PORT' | 'MAIL_FROM' | 'SES_CONFIGURATION_SET' | 'AWS_REGION'
>;

/** The transport the environment asks for: SMTP (the local stack's maildev) or SES (the cloud). */
export function transportFor(config: MailConfig): MailTransport {
  return config.MAIL_TRANSPORT === 'ses'
    ? createSesTransport({ region: config.AWS_REGION, configurationSet: config.SES_CONFIGURATION_SET })
    : createSmtpTransport({ host: config.SMTP_HOST, port: config.SMTP_PORT });
}
