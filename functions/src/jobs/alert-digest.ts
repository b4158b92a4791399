import type { ScheduledEvent } from 'aws-lambda';
import { DIGEST_HOUR_UTC } from '@app/shared/domain/entities/mail';
import { getConfig, mailTokenSecretOf } from '../config';
import { createAlertsRepository } from '../data/alerts-repository';
import { createNotificationPreferencesRepository } from '../data/notification-preferences-repository';
import { createUsersRepository } from '../data/users-repository';
import {
  sendAlertDigests,
  type AlertDigestDeps,
  type AlertDigestOutcome,
} from '../notifications/alert-digest-mailing';
import { createProductMailer } from '../notifications/mail-deps';
import { createDocumentClient } from '../platform/dynamo-client';
import { logger } from '../platform/observability';

let lambdaDeps: AlertDigestDeps | undefined;

function createAlertDigestDeps(): AlertDigestDeps {
  const config = getConfig();
  const client = createDocumentClient(config);
  return {
    preferences: createNotificationPreferencesRepository(client, config.TABLE_HOLDINGS),
    alerts: createAlertsRepository(client, { holdings: config.TABLE_HOLDINGS, usage: config.TABLE_USAGE }),
    users: createUsersRepository(client, config.TABLE_USERS),
    mailer: createProductMailer(config, client),
    siteUrl: config.PUBLIC_SITE_URL,
    secret: mailTokenSecretOf(config),
    now: () => new Date(),
  };
}

/** EventBridge scheduled rule target (daily at DIGEST_HOUR_UTC); the local scheduler calls it too. */
export async function handler(_event?: Partial<ScheduledEvent>): Promise<AlertDigestOutcome> {
  lambdaDeps ??= createAlertDigestDeps();
  const outcome = await sendAlertDigests(lambdaDeps);
  logger.info('alert digests finished', { ...outcome });
  return outcome;
}

/** Milliseconds from `now` to the next DIGEST_HOUR_UTC:00 (the local scheduler's timer). */
export function msUntilNextDigest(now: Date, hourUtc = DIGEST_HOUR_UTC): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}
