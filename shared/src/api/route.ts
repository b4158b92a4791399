import type { z } from 'zod';

/**
 * The API's areas: each is one Lambda (one `functions/src/<area>/handler.ts`, one local worker thread),
 * named for what it holds (docs/glossary.md "Areas"). `market` serves the spec's `/api/ai/*` routes: the
 * engine's analyses, scores, prices and screens of the market's symbols, most with no AI model behind
 * them, so the area is not named after the paths.
 */
export const SERVICE_AREAS = ['public', 'auth', 'market', 'subscription', 'portfolio', 'admin'] as const;
export type ServiceArea = (typeof SERVICE_AREAS)[number];

/**
 * Who may call a route.
 * - public: anyone; no token is read.
 * - optional-user: anyone; a valid token makes the caller a user, no token makes them the demo visitor,
 *   an invalid token is a 401 (never silently downgraded).
 * - user: a valid Cognito access token.
 * - admin: a valid token whose `cognito:groups` holds ADMIN.
 */
export type Access = 'public' | 'optional-user' | 'user' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Throttling classes, matched by API Gateway route throttling in the cloud and the local limiter. */
export type RateClass = 'read' | 'write' | 'analysis';

export interface RouteDefinition<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  /**
   * Stable operation id, `<group>.<verbNoun>`, used by handlers, the client and OpenAPI: the group is the
   * route's key in the contract and its OpenAPI tag, the spec's name (`ai` for `/api/ai/*`), which may
   * differ from the area serving it.
   */
  readonly id: string;
  readonly method: HttpMethod;
  /** Full path as API Gateway writes it, with `{name}` parameters. */
  readonly path: string;
  /** The area (Lambda) that serves the route. */
  readonly area: ServiceArea;
  readonly access: Access;
  readonly summary: string;
  readonly params?: Params;
  readonly query?: Query;
  readonly body?: Body;
  readonly response: Response;
  /** Status of a successful answer (default 200). */
  readonly successStatus?: 200 | 201 | 202;
  /** Error statuses a client should expect besides 400/401/403/429/500/503. */
  readonly errors?: readonly number[];
  /** Accepts an Idempotency-Key header: a retry with the same key returns the first answer. */
  readonly idempotent?: boolean;
  /** A larger request body than the platform's default (64 KB), for a route that takes a file. */
  readonly maxBodyBytes?: number;
  readonly rateClass: RateClass;
}

/** Keeps each entry's literal types so the typed client infers params, query, body and response. */
export function defineRoute<
  Params extends z.ZodType,
  Query extends z.ZodType,
  Body extends z.ZodType,
  Response extends z.ZodType,
>(route: RouteDefinition<Params, Query, Body, Response>): RouteDefinition<Params, Query, Body, Response> {
  return route;
}

/** API Gateway HTTP API route key, e.g. `GET /api/ai/rationality-score/{symbol}`. */
export function routeKeyOf(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** Names of the `{param}` segments of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1] as string);
}

/** Fills a path's `{param}` segments, URL-encoding each value. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
