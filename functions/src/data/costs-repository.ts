import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { getConfig } from '../config';
import type { CostRecord, CostRecordSink } from '../platform/cost-recorder';
import { createDocumentClient } from '../platform/dynamo-client';
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

export function createCostsRepository(client: DynamoDBDocumentClient, tableName: string) {
  return {
    async putCostRecord(record: CostRecord): Promise<void> {
      const recordedAtMs = Date.parse(record.recorded_at);
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.costRecord(record.day, record.route, ulid(recordedAtMs)),
            entity: 'cost',
            ...record,
            expires_at: Math.floor(recordedAtMs / 1000) + COST_RECORD_RETENTION_DAYS * SECONDS_PER_DAY,
          },
        }),
      );
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

let processRepository: CostsRepository | undefined;

/**
 * The usage table as the platform's cost record sink (platform/cost-recorder.ts), its client built on
 * the first record. Area handlers and metered jobs pass it to the platform.
 */
export const saveCostRecordToUsageTable: CostRecordSink = (record) => {
  const config = getConfig();
  processRepository ??= createCostsRepository(createDocumentClient(config), config.TABLE_USAGE);
  return processRepository.putCostRecord(record);
};
