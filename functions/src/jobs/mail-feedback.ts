import type { SNSEvent } from 'aws-lambda';
import { getConfig } from '../config';
import {
  createMailSuppressionsRepository,
  type MailSuppressionsRepository,
  type SuppressionReason,
} from '../data/mail-suppressions-repository';
import { createDocumentClient } from '../platform/dynamo-client';
import { logger } from '../platform/observability';

/*
 * SES bounce and complaint events (the configuration set's SNS destination, infra/lib/constructs/mail.ts)
 * into the suppression list the Mailer consults. A permanent bounce or any complaint suppresses the
 * address; a transient bounce (mailbox full, greylisting) does not.
 */

interface SesEvent {
  eventType?: string;
  notificationType?: string;
  bounce?: { bounceType?: string; bouncedRecipients?: { emailAddress?: string }[]; timestamp?: string };
  complaint?: { complainedRecipients?: { emailAddress?: string }[]; timestamp?: string };
}

/** The addresses one SES event suppresses, and why. */
export function suppressionsOf(event: SesEvent): { address: string; reason: SuppressionReason }[] {
  const kind = event.eventType ?? event.notificationType;
  if (kind === 'Bounce' && event.bounce?.bounceType === 'Permanent') {
    return (event.bounce.bouncedRecipients ?? [])
      .flatMap((recipient) => (recipient.emailAddress ? [recipient.emailAddress] : []))
      .map((address) => ({ address, reason: 'BOUNCE' }));
  }
  if (kind === 'Complaint') {
    return (event.complaint?.complainedRecipients ?? [])
      .flatMap((recipient) => (recipient.emailAddress ? [recipient.emailAddress] : []))
      .map((address) => ({ address, reason: 'COMPLAINT' }));
  }
  return [];
}

export async function recordMailFeedback(
  event: SNSEvent,
  suppressions: Pick<MailSuppressionsRepository, 'suppress'>,
  now: Date,
): Promise<number> {
  let suppressed = 0;
  for (const record of event.Records) {
    let parsed: SesEvent;
    try {
      parsed = JSON.parse(record.Sns.Message) as SesEvent;
    } catch {
      logger.warn('mail feedback: a message that is not JSON was skipped');
      continue;
    }
    for (const { address, reason } of suppressionsOf(parsed)) {
      await suppressions.suppress(address, reason, now.toISOString());
      suppressed += 1;
    }
  }
  return suppressed;
}

let repository: MailSuppressionsRepository | undefined;

/** SNS subscription target. */
export async function handler(event: SNSEvent): Promise<{ suppressed: number }> {
  const config = getConfig();
  repository ??= createMailSuppressionsRepository(createDocumentClient(config), config.TABLE_USERS);
  const suppressed = await recordMailFeedback(event, repository, new Date());
  logger.info('mail feedback recorded', { suppressed });
  return { suppressed };
}
