import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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

interface CallOutput {
  ConsumedCapacity?: unknown;
  Item?: unknown;
  Items?: readonly unknown[];
  /** BatchGetItem: items per table; TransactGetItems: one `{ Item }` per get. */
  Responses?: Record<string, readonly unknown[]> | readonly { Item?: unknown }[];
}

/** The items one call returned, whatever its shape (GetItem, Query, Scan, BatchGet, TransactGet). */
export function itemsReturned(output: CallOutput): number {
  if (output.Items) return output.Items.length;
  if (output.Item) return 1;
  const responses = output.Responses;
  if (!responses) return 0;
  if (Array.isArray(responses)) return responses.filter((response) => response.Item !== undefined).length;
  return Object.values(responses).reduce((sum, items) => sum + items.length, 0);
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
    // The handler's options, not a NodeHttpHandler: the client builds the same handler from them, and a
    // function's bundle then carries none of @smithy/node-http-handler (the Lambda runtime ships it).
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 },
  });
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      const commandName = context.commandName ?? '';
      if (!/Describe|List/.test(commandName)) input.ReturnConsumedCapacity ??= 'TOTAL';
      const scope = currentRequestScope();
      if (scope) {
        scope.dynamoCalls += 1;
        if (commandName === 'ScanCommand') scope.scans += 1;
      }
      const result = await next(args);
      const output = result.output as CallOutput;
      addCapacity(output.ConsumedCapacity, commandName);
      if (scope) scope.itemsRead += itemsReturned(output);
      return result;
    },
    { step: 'initialize', name: 'consumedCapacityRecorder' },
  );
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}
