import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { stripKeys } from './dynamo-helpers';
import { keys } from './keys';

/*
 * The last run of a market job (market table, pk=JOB#<job>, sk=LAST; infra/README.md): the price
 * poll writes one per run, the ai health check and the admin dashboard read it.
 */

/** Job name of the price poll's run record. */
export const PRICE_POLL_JOB = 'price-poll';

export interface JobRunRecord {
  job: string;
  started_at: string;
  finished_at: string;
  status: 'succeeded' | 'partial' | 'failed';
  data_mode: 'replay' | 'live';
  /** The market date every symbol of the run was read at (absent on runs recorded before the market clock). */
  market_date?: string;
  symbols_total: number;
  symbols_ok: number;
  symbols_failed: number;
  quotes_changed: number;
  bars_written: number;
  recommendations_enqueued: number;
  alerts_written: number;
  duration_ms: number;
  errors: string[];
}

export interface JobRunsRepository {
  putJobRun(record: JobRunRecord): Promise<void>;
  getLastJobRun(job: string): Promise<JobRunRecord | null>;
}

export function createJobRunsRepository(
  client: DynamoDBDocumentClient,
  tableName: string,
): JobRunsRepository {
  return {
    async putJobRun(record) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.lastJobRun(record.job), entity: 'job-run', ...record },
        }),
      );
    },

    async getLastJobRun(job) {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.lastJobRun(job) }));
      return Item ? stripKeys<JobRunRecord>(Item) : null;
    },
  };
}
