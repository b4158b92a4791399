import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { getConfig } from '../config';
import { IngestionMessageSchema } from '../market-data/ingestion/ingestion-messages';
import { processIngestionMessage } from '../market-data/ingestion/process-message';
import { saveCostRecordToUsageTable } from '../data/costs-repository';
import { runMeteredJob } from '../platform/cost-recorder';
import { logger } from '../platform/observability';
import { createIngestionDeps, type IngestionDeps } from './ingestion-deps';

/*
 * The ingestion worker: an SQS event source with ReportBatchItemFailures. Each record is one message
 * (market-data/ingestion/process-message.ts); a record whose provider was unavailable, or that is not
 * a valid message, is reported as a failure so SQS delivers it again after the visibility timeout and,
 * after five receptions, moves it to the dead-letter queue. The others are deleted by Lambda.
 */

/** One record: true when it is done, false when SQS should deliver it again. */
async function processRecord(deps: IngestionDeps, record: SQSRecord): Promise<boolean> {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    body = null;
  }
  const parsed = IngestionMessageSchema.safeParse(body);
  if (!parsed.success) {
    logger.error('ingestion message refused', {
      message_id: record.messageId,
      issue: parsed.error.issues[0]?.message,
    });
    return false;
  }
  try {
    const outcome = await processIngestionMessage(deps.worker, parsed.data);
    logger.info('ingestion message done', {
      message_id: record.messageId,
      kind: parsed.data.kind,
      stored: outcome.symbols.filter((symbol) => symbol.result === 'stored').length,
      dates_written: outcome.symbols.reduce((sum, symbol) => sum + symbol.datesWritten, 0),
      rejected: outcome.symbols.reduce((sum, symbol) => sum + symbol.rejected, 0),
      companies: outcome.companies,
      reference_entries: outcome.referenceEntries,
    });
    return true;
  } catch (error: unknown) {
    logger.warn('ingestion message handed back', {
      message_id: record.messageId,
      receive_count: record.attributes?.ApproximateReceiveCount,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}

/**
 * Records of a batch handled at once: every record of the event source mapping's batch of 5
 * (infra/lib/constructs/ingestion-pipeline.ts), each with its symbols a few at a time. Two at a time
 * left the batch's last record running alone at the end of every invocation, with three symbols to
 * keep the request slots busy while they wrote their bars (bench/results.md section 8).
 */
export const RECORD_CONCURRENCY = 5;

/**
 * The records of a batch run together: the writes of some symbols overlap the fetches of others, so
 * requests keep leaving on their rate-limit slots while bars are stored; the shared limit spaces them.
 */
export async function processIngestionEvent(deps: IngestionDeps, event: SQSEvent): Promise<SQSBatchResponse> {
  const done: boolean[] = new Array(event.Records.length).fill(false);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(RECORD_CONCURRENCY, event.Records.length) }, async () => {
      while (next < event.Records.length) {
        const index = next;
        next += 1;
        done[index] = await processRecord(deps, event.Records[index] as SQSRecord);
      }
    }),
  );
  return {
    batchItemFailures: event.Records.filter((_, index) => !done[index]).map((record) => ({
      itemIdentifier: record.messageId,
    })),
  };
}

let lambdaDeps: IngestionDeps | undefined;

/** SQS event source target (both ingestion queues). */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  lambdaDeps ??= createIngestionDeps(getConfig());
  const deps = lambdaDeps;
  return runMeteredJob('ingestion-worker', () => processIngestionEvent(deps, event), {
    recordCost: saveCostRecordToUsageTable,
  });
}
