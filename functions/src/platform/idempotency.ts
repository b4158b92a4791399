import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JSONValue } from '@aws-lambda-powertools/commons/types';
import {
  IdempotencyConfig,
  IdempotencyValidationError,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { message } from '@app/shared/messages/message';
import { IdempotencyMismatchError, fieldError } from './errors';

/**
 * `Idempotency-Key` support for the contract's idempotent routes (upgrade, add-asset), on Powertools
 * idempotency with the idempotency table (key attribute `id`, TTL `expiration`).
 *
 * - The key is scoped by caller: two users sending the same key never see each other's answer.
 * - A retry with the same key and the same payload returns the first answer without running again.
 * - The same key with a different payload is a 422 (IdempotencyMismatchError).
 * - A retry while the first is still running is a 409 (the platform maps IdempotencyAlreadyInProgressError).
 * - A failed run leaves no record, so a retry after an error runs again.
 * - No header: the operation runs normally (the header is optional in the contract).
 */

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The OpenAPI document promises 8 to 128 characters; UUIDs and ULIDs fit. */
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** How long a key is remembered: a day covers any client retry policy. */
const IDEMPOTENCY_EXPIRES_AFTER_SECONDS = 24 * 60 * 60;

/**
 * How long an in-progress record blocks a retry. API Gateway gives up on an integration after 30 s,
 * so a record still "in progress" after that belongs to a run that died; a retry may take over.
 */
const IN_PROGRESS_WINDOW_MS = 30_000;

/**
 * The validated key of a request, or null when the client sent none. Checked before the idempotent
 * call: Powertools would otherwise hash any string, and a malformed key deserves a 400 naming it.
 */
export function idempotencyKeyOf(headers: Readonly<Record<string, string | undefined>>): string | null {
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === IDEMPOTENCY_KEY_HEADER);
  const value = entry?.[1];
  if (value === undefined) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw fieldError(
      `headers.${IDEMPOTENCY_KEY_HEADER}`,
      message('FIELD_NOT_IDEMPOTENCY_KEY', { field: IDEMPOTENCY_KEY_HEADER }),
    );
  }
  return value;
}

export interface IdempotentCall<Payload extends JSONValue> {
  /** From `idempotencyKeyOf`; null runs the work without idempotency. */
  key: string | null;
  /** Whose key it is (the user id). */
  callerId: string;
  /** What the request asks for; a reuse of the key must ask for exactly the same. */
  payload: Payload;
}

export interface IdempotencyOptions {
  /** Names the operation; records are stored under `<operation>#<hash>`. */
  operation: string;
  client: DynamoDBDocumentClient;
  tableName: string;
}

interface Envelope<Payload extends JSONValue> {
  scope: string;
  payload: Payload;
  [key: string]: JSONValue;
}

/**
 * Builds the runner of one idempotent operation (one per operation: a Powertools persistence layer
 * keeps the first configuration it is given).
 */
export function createIdempotentOperation<Payload extends JSONValue, Result extends JSONValue>(
  options: IdempotencyOptions,
): (call: IdempotentCall<Payload>, work: (payload: Payload) => Promise<Result>) => Promise<Result> {
  const persistenceStore = new DynamoDBPersistenceLayer({
    tableName: options.tableName,
    keyAttr: 'id',
    expiryAttr: 'expiration',
    // The document client shares its base client's config and middleware stack, so Powertools' raw
    // commands use the same endpoint, timeouts and consumed-capacity recorder as every other call.
    awsSdkV3Client: options.client as unknown as DynamoDBClient,
  });
  const config = new IdempotencyConfig({
    eventKeyJmesPath: 'scope',
    payloadValidationJmesPath: 'payload',
    expiresAfterSeconds: IDEMPOTENCY_EXPIRES_AFTER_SECONDS,
    throwOnNoIdempotencyKey: true,
  });
  // Powertools reads the in-progress deadline from a Lambda context passed as the second argument.
  const deadline = { getRemainingTimeInMillis: () => IN_PROGRESS_WINDOW_MS };

  return async (call, work) => {
    if (call.key === null) return work(call.payload);
    const run = makeIdempotent(
      async (envelope: Envelope<Payload>, _context: typeof deadline): Promise<Result> =>
        work(envelope.payload),
      { persistenceStore, config, keyPrefix: options.operation },
    );
    try {
      return await run({ scope: `${call.callerId}:${call.key}`, payload: call.payload }, deadline);
    } catch (error: unknown) {
      if (error instanceof IdempotencyValidationError) {
        throw new IdempotencyMismatchError();
      }
      throw error;
    }
  };
}
