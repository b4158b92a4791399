import type { z } from 'zod';
import type { RouteDefinition } from '@app/shared/api';
import type { Language } from '@app/shared/domain/enums';
import type { AuthContext } from './auth-context';

/** The default generic of a missing schema is the bare ZodType: treat it as "nothing". */
type OutputOf<S, Fallback> = z.ZodType extends S ? Fallback : S extends z.ZodType ? z.output<S> : Fallback;

export interface RouteRequest<R extends RouteDefinition> {
  params: OutputOf<NonNullable<R['params']>, Record<string, never>>;
  query: OutputOf<NonNullable<R['query']>, Record<string, never>>;
  body: OutputOf<NonNullable<R['body']>, undefined>;
  auth: AuthContext;
  headers: Record<string, string>;
  /**
   * The body exactly as sent (base64 decoded, within the size limit), for a route that must check a
   * signature over its bytes (Stripe's webhook); other routes read the parsed `body`.
   */
  readRawBody: () => string;
  requestId: string;
  /** The client's address as API Gateway saw it (requestContext.http.sourceIp); for per-sender limits. */
  sourceIp: string;
  route: RouteDefinition;
  /** The caller's language: services word their answers in it (platform/messages.ts). */
  language: Language;
}

export type ResponseOf<R extends RouteDefinition> = z.input<R['response']>;

/** A handler returns the body (sent with the route's success status) or a full reply. */
export type RouteResult<R extends RouteDefinition> =
  ResponseOf<R> | { reply: { status: number; body: ResponseOf<R>; headers?: Record<string, string> } };

export type RouteImplementation<R extends RouteDefinition, Deps> = (
  request: RouteRequest<R>,
  deps: Deps,
) => Promise<RouteResult<R>>;

/**
 * Every route of an area must be implemented: the router and the contract cannot disagree. `Routes` is the
 * area's part of the contract (`@app/shared/api/areas/<area>`, e.g. `Contract['admin']`).
 */
export type AreaImplementations<Routes extends Record<string, RouteDefinition>, Deps> = {
  [K in keyof Routes]: Routes[K] extends RouteDefinition ? RouteImplementation<Routes[K], Deps> : never;
};

export function isReply(
  value: unknown,
): value is { reply: { status: number; body: unknown; headers?: Record<string, string> } } {
  return typeof value === 'object' && value !== null && 'reply' in value && Object.keys(value).length === 1;
}
