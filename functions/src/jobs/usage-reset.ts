import type { ScheduledEvent } from 'aws-lambda';
import { getConfig } from '../config';
import { createDocumentClient } from '../platform/dynamo-client';
import {
  USAGE_DAY_RETENTION_DAYS,
  createUsageRepository,
  previousUtcDay,
  utcDayOf,
  type UsageRepository,
} from '../data/usage-repository';
import { logger } from '../platform/observability';

/**
 * The midnight-UTC usage reset (EventBridge `cron(0 0 * * ? *)`).
 *
 * Daily counters are keyed by UTC date (`USER#<id>` / `DAY#<yyyy-mm-dd>`), so a new day's counters
 * start at zero by construction: at 00:00 UTC every quota check moves to a row that does not exist
 * yet, whoever runs. Nothing is rewritten in place, which is why the reset cannot race a
 * `use-feature` call around midnight, and why a late or missed run loses nobody a quota.
 *
 * What the job does: it opens the day by writing a run marker (`JOB#usage-reset` / `<day>`, created
 * only if absent, so a second run, an EventBridge retry or a manual re-run is a no-op) and reports
 * the previous day as closed. Yesterday's rows are not deleted here: finding them would need a Scan
 * (the table is keyed by user), so they expire through the table's TTL on `expires_at`,
 * USAGE_DAY_RETENTION_DAYS after their day, keeping a month of history meanwhile.
 */

export const USAGE_RESET_JOB = 'usage-reset';

export interface UsageResetDeps {
  usage: Pick<UsageRepository, 'recordJobRun'>;
}

export interface UsageResetOutcome {
  /** The UTC day the run opened. */
  day: string;
  previousDay: string;
  /** False when a run for this day was already recorded (nothing was done). */
  opened: boolean;
}

/** Opens the UTC day of `scheduledAt`; idempotent per day. */
export async function runUsageReset(deps: UsageResetDeps, scheduledAt: Date): Promise<UsageResetOutcome> {
  const day = utcDayOf(scheduledAt);
  const previousDay = previousUtcDay(day);
  const opened = await deps.usage.recordJobRun({
    job: USAGE_RESET_JOB,
    day,
    startedAt: new Date().toISOString(),
    details: { previous_day: previousDay, cleanup: 'ttl', retention_days: USAGE_DAY_RETENTION_DAYS },
  });
  return { day, previousDay, opened };
}

/**
 * EventBridge entry. The scheduled event's `time` is the schedule's instant (00:00:00Z), so a late or
 * retried delivery still opens the right day; without it (a manual run) the day is today's.
 */
export async function handler(event: Partial<Pick<ScheduledEvent, 'time'>> = {}): Promise<UsageResetOutcome> {
  const config = getConfig();
  const usage = createUsageRepository(createDocumentClient(config), config.TABLE_USAGE);
  const scheduledAt = event.time && !Number.isNaN(Date.parse(event.time)) ? new Date(event.time) : new Date();
  const outcome = await runUsageReset({ usage }, scheduledAt);
  if (outcome.opened) logger.info('usage day opened', { ...outcome });
  else logger.info('usage day already opened; nothing to do', { ...outcome });
  return outcome;
}
