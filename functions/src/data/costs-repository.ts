import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { getConfig } from '../config';
import { createCostRecordBatcher, type CostRecordBatcher } from '../platform/cost-record-batcher';
import type { CostRecord, CostRecordSink } from '../platform/cost-recorder';
import { createDocumentClient } from '../platform/dynamo-client';
import { latencyBucketOf } from '../platform/latency-histogram';
import { logger } from '../platform/observability';
import { batchPutAll, numberOf, queryAll } from './dynamo-helpers';
import { keys } from './keys';

/*
 * Request costs in the usage table, written only where COST_RECORDS=dynamodb (the local stack; the cloud
 * reads CloudWatch metrics instead). Every request adds to its route's total of the UTC day (requests,
 * cost, latencies counted per 1 % bucket: platform/latency-histogram.ts), so finance's view reads one
 * small partition however many requests the day served, with the model tokens its requests spent
 * (Bedrock's and the OpenAI-compatible server's, each its own kind). The bench keeps every request's own record
 * too (COST_RECORD_DETAIL=on) for capacity units per request. Access patterns:
 *
 * | Pattern                               | Key                                               |
 * | ------------------------------------- | ------------------------------------------------- |
 * | a route's totals of one UTC day       | pk=COSTDAY#<yyyy-mm-dd>, sk=<routeKey> (TTL)      |
 * | every route's totals of one UTC day   | Query pk=COSTDAY#<yyyy-mm-dd>                     |
 * | one record per request (bench only)   | pk=COST#<yyyy-mm-dd>, sk=<routeKey>#<ulid> (TTL)  |
 */

export const COST_RECORD_RETENTION_DAYS = 90;
const SECONDS_PER_DAY = 86_400;
/** Costs are added in whole picodollars (10^-12 USD), so sums of many requests stay exact. */
const PICODOLLARS_PER_USD = 1e12;
const BUCKET_ATTRIBUTE_PREFIX = 'h_';
/** Daily totals written at once; each is one UpdateItem. */
const DAY_TOTAL_WRITES_IN_FLIGHT = 8;

/** A route's totals of one UTC day, as stored. */
export interface CostDayTotal {
  day: string;
  route: string;
  requests: number;
  total_usd: number;
  /** Latency bucket -> requests. */
  latency_buckets: Map<number, number>;
  /** Model tokens the day's requests spent: Bedrock's, and the OpenAI-compatible server's (LLM_BASE_URL). */
  bedrock_input_tokens: number;
  bedrock_output_tokens: number;
  model_input_tokens: number;
  model_output_tokens: number;
}

/** The token counts a record adds to its day's total, stored under the record's own names. */
const TOKEN_ATTRIBUTES = [
  'bedrock_input_tokens',
  'bedrock_output_tokens',
  'model_input_tokens',
  'model_output_tokens',
] as const;

function expiresAt(epochMs: number): number {
  return Math.floor(epochMs / 1000) + COST_RECORD_RETENTION_DAYS * SECONDS_PER_DAY;
}

function costItemOf(record: CostRecord): Record<string, unknown> {
  const recordedAtMs = Date.parse(record.recorded_at);
  return {
    ...keys.costRecord(record.day, record.route, ulid(recordedAtMs)),
    entity: 'cost',
    ...record,
    expires_at: expiresAt(recordedAtMs),
  };
}

const bucketAttribute = (bucket: number) =>
  `${BUCKET_ATTRIBUTE_PREFIX}${bucket < 0 ? `m${-bucket}` : String(bucket)}`;

function bucketOfAttribute(name: string): number | undefined {
  if (!name.startsWith(BUCKET_ATTRIBUTE_PREFIX)) return undefined;
  const text = name.slice(BUCKET_ATTRIBUTE_PREFIX.length);
  const bucket = text.startsWith('m') ? -Number(text.slice(1)) : Number(text);
  return Number.isInteger(bucket) ? bucket : undefined;
}

/** One UpdateItem that adds a group of one route's records of one day to the day's totals. */
function addToDayTotal(records: readonly CostRecord[]) {
  const first = records[0] as CostRecord;
  const buckets = new Map<number, number>();
  for (const record of records) {
    const bucket = latencyBucketOf(record.latency_ms);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
  }
  const names: Record<string, string> = { '#day': 'day', '#route': 'route', '#entity': 'entity' };
  const values: Record<string, unknown> = {
    ':day': first.day,
    ':route': first.route,
    ':entity': 'cost_day',
    ':expires': expiresAt(Date.parse(first.recorded_at)),
    ':requests': records.length,
    ':picodollars': records.reduce(
      (sum, record) => sum + Math.round(record.total_usd * PICODOLLARS_PER_USD),
      0,
    ),
  };
  const additions = ['requests :requests', 'total_picodollars :picodollars'];
  for (const attribute of TOKEN_ATTRIBUTES) {
    values[`:${attribute}`] = records.reduce((sum, record) => sum + (record[attribute] ?? 0), 0);
    additions.push(`${attribute} :${attribute}`);
  }
  [...buckets.entries()].forEach(([bucket, count], index) => {
    names[`#b${index}`] = bucketAttribute(bucket);
    values[`:b${index}`] = count;
    additions.push(`#b${index} :b${index}`);
  });
  return {
    key: keys.costDayTotal(first.day, first.route),
    update: `SET #day = :day, #route = :route, #entity = :entity, expires_at = if_not_exists(expires_at, :expires) ADD ${additions.join(', ')}`,
    names,
    values,
  };
}

function dayTotalOf(item: Record<string, unknown>): CostDayTotal {
  const latencyBuckets = new Map<number, number>();
  for (const [name, value] of Object.entries(item)) {
    const bucket = bucketOfAttribute(name);
    if (bucket !== undefined) latencyBuckets.set(bucket, numberOf(value));
  }
  return {
    day: String(item.day),
    route: String(item.route),
    requests: numberOf(item.requests),
    total_usd: numberOf(item.total_picodollars) / PICODOLLARS_PER_USD,
    latency_buckets: latencyBuckets,
    bedrock_input_tokens: numberOf(item.bedrock_input_tokens),
    bedrock_output_tokens: numberOf(item.bedrock_output_tokens),
    model_input_tokens: numberOf(item.model_input_tokens),
    model_output_tokens: numberOf(item.model_output_tokens),
  };
}

export function createCostsRepository(client: DynamoDBDocumentClient, tableName: string) {
  return {
    /** Each request's own record, in BatchWriteItem calls of 25, unprocessed ones retried (the bench's detail). */
    async putCostRecords(records: readonly CostRecord[]): Promise<void> {
      await batchPutAll(client, tableName, records.map(costItemOf));
    },

    /** Adds records to their routes' daily totals: one atomic UpdateItem per route and day. */
    async addToDayTotals(records: readonly CostRecord[]): Promise<void> {
      const groups = new Map<string, CostRecord[]>();
      for (const record of records) {
        const key = `${record.day}\n${record.route}`;
        groups.set(key, [...(groups.get(key) ?? []), record]);
      }
      const pending = [...groups.values()].map(addToDayTotal);
      const writeNext = async (): Promise<void> => {
        const next = pending.shift();
        if (!next) return;
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: next.key,
            UpdateExpression: next.update,
            ExpressionAttributeNames: next.names,
            ExpressionAttributeValues: next.values,
          }),
        );
        await writeNext();
      };
      await Promise.all(Array.from({ length: DAY_TOTAL_WRITES_IN_FLIGHT }, writeNext));
    },

    /** Every route's totals of one UTC day (one small partition: one item per route). */
    async listCostDayTotals(day: string): Promise<CostDayTotal[]> {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.costDayTotalPartition(day) },
      });
      return items.map(dayTotalOf);
    },
  };
}

export type CostsRepository = ReturnType<typeof createCostsRepository>;

/** Records added to the daily totals together: one UpdateItem per route and day of the batch. */
const DAY_TOTAL_BATCH_SIZE = 500;
const DAY_TOTAL_FLUSH_MS = 1_000;

let processBatchers: CostRecordBatcher<CostRecord>[] | undefined;

function usageTableBatchers(): CostRecordBatcher<CostRecord>[] {
  if (!processBatchers) {
    const config = getConfig();
    const repository = createCostsRepository(createDocumentClient(config), config.TABLE_USAGE);
    const onError = (error: unknown, records: number) =>
      logger.warn('cost records not written', {
        records,
        error: error instanceof Error ? error.message : String(error),
      });
    processBatchers = [
      createCostRecordBatcher<CostRecord>({
        writeBatch: (records) => repository.addToDayTotals(records),
        onError,
        batchSize: DAY_TOTAL_BATCH_SIZE,
        intervalMs: DAY_TOTAL_FLUSH_MS,
      }),
    ];
    if (config.COST_RECORD_DETAIL === 'on')
      processBatchers.push(
        createCostRecordBatcher<CostRecord>({
          writeBatch: (records) => repository.putCostRecords(records),
          onError,
        }),
      );
  }
  return processBatchers;
}

/**
 * The usage table as the platform's cost record sink (platform/cost-recorder.ts): the record joins the
 * batches written off the request path (platform/cost-record-batcher.ts), its client built on the first
 * record: the daily totals' within a second, the bench's per-request detail within 200 ms. Area handlers and metered jobs pass it to the platform.
 */
export const saveCostRecordToUsageTable: CostRecordSink = (record) => {
  for (const batcher of usageTableBatchers()) batcher.add(record);
  return Promise.resolve();
};

/** Writes this process's buffered cost records now (the local stack stopping, the bench reading them). */
export async function flushCostRecords(): Promise<void> {
  await Promise.all((processBatchers ?? []).map((batcher) => batcher.flush()));
}
