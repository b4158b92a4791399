import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { Config } from '../config';
import { currentRequestScope } from './request-scope';

interface ConsumedCapacity {
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
  CapacityUnits?: number;
}

function addCapacity(consumed: unknown, commandName: string): void {
  const scope = currentRequestScope();
  if (!scope || consumed === undefined || consumed === null) return;
  const entries = (Array.isArray(consumed) ? consumed : [consumed]) as ConsumedCapacity[];
  // Without a read/write split (DynamoDB Local gives only CapacityUnits), the command says which it was.
  const isWrite = /Put|Update|Delete|TransactWrite|BatchWrite/.test(commandName);
  for (const entry of entries) {
    const total = entry.CapacityUnits ?? 0;
    scope.readCapacityUnits += entry.ReadCapacityUnits ?? (isWrite ? 0 : total);
    scope.writeCapacityUnits += entry.WriteCapacityUnits ?? (isWrite ? total : 0);
  }
}

/**
 * The one DynamoDB client of a process. Every command asks for its consumed capacity, summed per
 * request for the cost records; timeouts are short so a stopped database answers 503 quickly instead
 * of hanging a request.
 */
export function createDocumentClient(
  config: Pick<Config, 'AWS_REGION' | 'DYNAMODB_ENDPOINT'>,
): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: config.AWS_REGION,
    ...(config.DYNAMODB_ENDPOINT
      ? {
          endpoint: config.DYNAMODB_ENDPOINT,
          // DynamoDB Local accepts any credentials; real ones come from the Lambda role.
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
    maxAttempts: 2,
    requestHandler: new NodeHttpHandler({ connectionTimeout: 1_000, requestTimeout: 3_000 }),
  });
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      const commandName = context.commandName ?? '';
      if (!/Describe|List/.test(commandName)) input.ReturnConsumedCapacity ??= 'TOTAL';
      if (commandName === 'ScanCommand') {
        const scope = currentRequestScope();
        if (scope) scope.scans += 1;
      }
      const result = await next(args);
      addCapacity((result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity, commandName);
      return result;
    },
    { step: 'initialize', name: 'consumedCapacityRecorder' },
  );
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}
