import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { getConfig } from '../config';
import { createCostRecordBatcher, type CostRecordBatcher } from '../platform/cost-record-batcher';
import type { CostRecord, CostRecordSink } from '../platform/cost-recorder';
import { createDocumentClient } from '../platform/dynamo-client';
import { logger } from '../platform/observability';
import { batchPutAll } from './dynamo-helpers';
import { keys } from './keys';

/*
 * Per-request cost records in the usage table, written only where COST_RECORDS=dynamodb (the local
 * stack; the cloud reads CloudWatch metrics instead). Access patterns:
 *
 * | Pattern                          | Key                                                 |
 * | -------------------------------- | --------------------------------------------------- |
 * | one record per request / job run | pk=COST#<yyyy-mm-dd>, sk=<routeKey>#<ulid> (TTL)    |
 * | every record of one UTC day      | Query pk=COST#<yyyy-mm-dd>                          |
 */

export const COST_RECORD_RETENTION_DAYS = 90;
const SECONDS_PER_DAY = 86_400;

/** The fields the daily aggregation needs (the Query projects only these). */
export type CostSample = Pick<CostRecord, 'route' | 'latency_ms' | 'total_usd'>;

function costItemOf(record: CostRecord): Record<string, unknown> {
  const recordedAtMs = Date.parse(record.recorded_at);
  return {
    ...keys.costRecord(record.day, record.route, ulid(recordedAtMs)),
    entity: 'cost',
    ...record,
    expires_at: Math.floor(recordedAtMs / 1000) + COST_RECORD_RETENTION_DAYS * SECONDS_PER_DAY,
  };
}

export function createCostsRepository(client: DynamoDBDocumentClient, tableName: string) {
  return {
    /** Many records in BatchWriteItem calls of 25 (the batcher's batches), unprocessed ones retried. */
    async putCostRecords(records: readonly CostRecord[]): Promise<void> {
      await batchPutAll(client, tableName, records.map(costItemOf));
    },

    /** Every record of one UTC day (one partition, paged through). */
    async listCostSamples(day: string): Promise<CostSample[]> {
      const samples: CostSample[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const output = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': keys.costDayPartition(day) },
            ProjectionExpression: '#route, latency_ms, total_usd',
            ExpressionAttributeNames: { '#route': 'route' },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of output.Items ?? []) {
          samples.push({
            route: String(item.route),
            latency_ms: Number(item.latency_ms),
            total_usd: Number(item.total_usd),
          });
        }
        startKey = output.LastEvaluatedKey;
      } while (startKey);
      return samples;
    },
  };
}

export type CostsRepository = ReturnType<typeof createCostsRepository>;

let processBatcher: CostRecordBatcher<CostRecord> | undefined;

function usageTableBatcher(): CostRecordBatcher<CostRecord> {
  if (!processBatcher) {
    const config = getConfig();
    const repository = createCostsRepository(createDocumentClient(config), config.TABLE_USAGE);
    processBatcher = createCostRecordBatcher<CostRecord>({
      writeBatch: (records) => repository.putCostRecords(records),
      onError: (error, records) =>
        logger.warn('cost records not written', {
          records,
          error: error instanceof Error ? error.message : String(error),
        }),
    });
  }
  return processBatcher;
}

/**
 * The usage table as the platform's cost record sink (platform/cost-recorder.ts): the record joins a
 * batch written off the request path (platform/cost-record-batcher.ts), its client built on the first
 * record. Area handlers and metered jobs pass it to the platform.
 */
export const saveCostRecordToUsageTable: CostRecordSink = (record) => {
  usageTableBatcher().add(record);
  return Promise.resolve();
};

/** Writes this process's buffered cost records now (the local stack stopping, the bench reading them). */
export function flushCostRecords(): Promise<void> {
  return processBatcher?.flush() ?? Promise.resolve();
}
