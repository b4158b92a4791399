import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { getConfig } from '@app/functions/config';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { keys } from '@app/functions/data/keys';
import type { CostRecord } from '@app/functions/platform/cost-recorder';

/**
 * The cost records of [fromIso, toIso] the local stack wrote to the usage table (one per request,
 * functions/src/platform/cost-recorder.ts), read in full with a Query per day partition. The stack
 * writes them in batches, so call `stack.flushCostRecords()` first. Read by the round-trips test and
 * the bench (bench/dynamo-efficiency.ts).
 */
export async function readCostRecords(fromIso: string, toIso: string): Promise<CostRecord[]> {
  const client = createDocumentClient(getConfig());
  const days = new Set([fromIso.slice(0, 10), toIso.slice(0, 10)]);
  const records: CostRecord[] = [];
  for (const day of days) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const output = await client.send(
        new QueryCommand({
          TableName: getConfig().TABLE_USAGE,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.costDayPartition(day) },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of output.Items ?? []) {
        const record = item as CostRecord;
        if (record.recorded_at >= fromIso && record.recorded_at <= toIso) records.push(record);
      }
      startKey = output.LastEvaluatedKey;
    } while (startKey);
  }
  return records;
}
