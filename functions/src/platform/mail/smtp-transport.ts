import type { Transporter } from 'nodemailer';
import { RecipientRejectedError, type MailTransport } from './transport';

/** A permanent (5xx) refusal of the envelope: the address itself is unusable, not the server down. */
function isRecipientRefusal(error: unknown): boolean {
  const failure = error as { code?: string; responseCode?: number } | null;
  return failure?.code === 'EENVELOPE' && (failure.responseCode ?? 0) >= 500;
}

/**
 * Plain SMTP through nodemailer: the local stack's maildev on 127.0.0.1 (no TLS on loopback, no
 * authentication). The cloud sends through SES (MAIL_TRANSPORT=ses, infra/lib/constructs/mail.ts), so
 * nodemailer (about 236 KB minified) is loaded on the first SMTP delivery and is external to the
 * Lambda bundles (LAMBDA_BUNDLING in infra/lib/constructs/app-function.ts): a Lambda never ships it.
 */
export function createSmtpTransport(options: { host: string; port: number }): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  const connect = async (): Promise<Transporter> => {
    const { createTransport } = await import('nodemailer');
    return createTransport({
      host: options.host,
      port: options.port,
      secure: false,
      ignoreTLS: true,
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 10_000,
    });
  };
  return {
    async deliver(message) {
      transporter ??= connect();
      const info = await (
        await transporter
      )
        .sendMail({
          from: message.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        })
        .catch((error: unknown) => {
          throw isRecipientRefusal(error) ? new RecipientRejectedError(message.to) : error;
        });
      return String(info.messageId);
    },
  };
}
