import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { RouteDefinition } from '@app/shared/api';
import type { Language } from '@app/shared/domain/enums';
import type { AuthContext } from './auth-context';

/**
 * What one request consumed, gathered while it runs (DynamoDB capacity from every call's
 * ConsumedCapacity, Cognito calls) and priced once it ends. AsyncLocalStorage keeps concurrent
 * requests of the local stack apart, and carries each request's own logger.
 */
export interface RequestScope {
  requestId: string;
  routeKey: string;
  userId: string | null;
  tier: string;
  readCapacityUnits: number;
  writeCapacityUnits: number;
  cognitoCalls: number;
  scans: number;
  /** DynamoDB calls the request made (every command, batches and transactions count once). */
  dynamoCalls: number;
  /** Items those calls returned (Item, Items, a batch's or a transaction's Responses). */
  itemsRead: number;
  startedAt: number;
  /** The caller's language (Accept-Language: en, fr, es; English otherwise): every text it reads. */
  language: Language;
  /** Set by the platform once the route is resolved and the caller authenticated. */
  route?: RouteDefinition;
  auth?: AuthContext;
  /** This request's own logger (observability.ts): its keys are never another request's. */
  logger?: Logger;
  /** Bedrock tokens the request spent (the analyst's model writer), priced in its cost record. */
  bedrockInputTokens?: number;
  bedrockOutputTokens?: number;
  /** Tokens of the OpenAI-compatible model (LLM_BASE_URL) the request spent, and that model's name. */
  modelInputTokens?: number;
  modelOutputTokens?: number;
  modelName?: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

export function runInRequestScope<T>(scope: RequestScope, work: () => Promise<T>): Promise<T> {
  return storage.run(scope, work);
}

export function currentRequestScope(): RequestScope | undefined {
  return storage.getStore();
}

export function newRequestScope(
  requestId: string,
  routeKey: string,
  language: Language = 'en',
): RequestScope {
  return {
    requestId,
    routeKey,
    userId: null,
    tier: 'anonymous',
    readCapacityUnits: 0,
    writeCapacityUnits: 0,
    cognitoCalls: 0,
    scans: 0,
    dynamoCalls: 0,
    itemsRead: 0,
    startedAt: performance.now(),
    language,
  };
}
