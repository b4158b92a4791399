import type { z } from 'zod';
import { buildPath, type RouteDefinition } from '@app/shared/api/route';
import { ApiErrorSchema, type ApiError as ApiErrorBody } from '@app/shared/domain/entities/errors';
import { reportSessionExpired } from './session-expiry';

/** docs/product.md "Business rules and limits", the sites' timing: service calls time out after 30 000 ms. */
export const API_TIMEOUT_MS = 30_000;

type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : never;
type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : never;

/** A route part (params, query, body) that the route really declares: not absent, not the bare default. */
type Declared<Schema> = [NonNullable<Schema>] extends [never]
  ? false
  : z.ZodType extends NonNullable<Schema>
    ? false
    : true;

/** The arguments of one call, typed from the route's schemas: only what the route declares. */
export type CallInput<Route extends RouteDefinition> = (Declared<Route['params']> extends true
  ? { params: Input<NonNullable<Route['params']>> }
  : { params?: never }) &
  (Declared<Route['query']> extends true
    ? { query?: Input<NonNullable<Route['query']>> }
    : { query?: never }) &
  (Declared<Route['body']> extends true ? { body: Input<NonNullable<Route['body']>> } : { body?: never }) & {
    signal?: AbortSignal;
    /** Extra request headers, e.g. `Idempotency-Key` on the contract's idempotent routes. */
    headers?: Readonly<Record<string, string>>;
  };

export type CallOutput<Route extends RouteDefinition> = Output<Route['response']>;

/**
 * A failed call. `status` is the HTTP status (0 when no answer came: network error or timeout),
 * `body` the API's error body when it sent one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
    readonly reason: 'http' | 'network' | 'timeout' | 'invalid-response' = 'http',
  ) {
    super(body?.error ?? `API request failed: ${status}`);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiClientOptions {
  /** Base of the API, e.g. `/api` (the contract's paths already start with /api). */
  apiUrl: string;
  /** The Cognito access token, or null when nobody is signed in. */
  getAccessToken: () => Promise<string | null>;
  /** Called on 401 (and the statuses in `signOutStatuses`): the session is over. */
  onUnauthorized: (status: number) => void;
  signOutStatuses?: readonly number[];
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * The site's current language, sent as `Accept-Language`: the server words every message in it
   * (docs/messages.md). Without it, the browser's own header goes.
   */
  getLanguage?: () => string | undefined;
}

export interface ApiClient {
  call<Route extends RouteDefinition>(route: Route, input?: CallInput<Route>): Promise<CallOutput<Route>>;
}

/** `/api` + `/api/auth/me` -> `/api/auth/me`; `https://x/api` + `/api/auth/me` -> `https://x/api/auth/me`. */
function joinUrl(apiUrl: string, path: string): string {
  const base = apiUrl.replace(/\/+$/, '');
  return base.endsWith('/api') && path.startsWith('/api') ? `${base}${path.slice(4)}` : `${base}${path}`;
}

function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

let requestLanguage: (() => string | undefined) | null = null;

/** Where the configured clients read the language to ask in (the screens' i18n, see server-state). */
export function configureRequestLanguage(getLanguage: () => string | undefined): void {
  requestLanguage = getLanguage;
}

/** One typed client for every route of the shared contract. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const {
    apiUrl,
    getAccessToken,
    onUnauthorized,
    signOutStatuses = [401],
    timeoutMs = API_TIMEOUT_MS,
    fetch: fetchImpl = (...args) => globalThis.fetch(...args),
    getLanguage = () => requestLanguage?.(),
  } = options;

  return {
    async call(route, input) {
      const {
        params,
        query,
        body,
        signal,
        headers: extraHeaders,
      } = (input ?? {}) as {
        params?: Record<string, string | number>;
        query?: Record<string, unknown>;
        body?: unknown;
        signal?: AbortSignal;
        headers?: Readonly<Record<string, string>>;
      };
      const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
      const language = getLanguage();
      if (language) headers['Accept-Language'] = language;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (route.access !== 'public') {
        const token = await getAccessToken();
        if (token) headers.Authorization = `Bearer ${token}`;
      }

      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new DOMException('timeout', 'TimeoutError')),
        timeoutMs,
      );
      const onCallerAbort = () => controller.abort(signal?.reason);
      signal?.addEventListener('abort', onCallerAbort, { once: true });

      let response: Response;
      try {
        response = await fetchImpl(joinUrl(apiUrl, buildPath(route.path, params)) + toQueryString(query), {
          method: route.method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller.signal,
        });
      } catch (error: unknown) {
        if (signal?.aborted) throw error;
        throw new ApiError(0, null, controller.signal.aborted ? 'timeout' : 'network');
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onCallerAbort);
      }

      const payload = await readJson(response);
      if (!response.ok) {
        const errorBody = ApiErrorSchema.safeParse(payload);
        // A signed-in screen asks to sign in again in place (./session-expiry.ts); else the session ends.
        const askedAgain = response.status === 401 && route.access !== 'public' && reportSessionExpired();
        if (!askedAgain && signOutStatuses.includes(response.status)) onUnauthorized(response.status);
        throw new ApiError(response.status, errorBody.success ? errorBody.data : null);
      }
      const parsed = route.response.safeParse(payload);
      if (!parsed.success) throw new ApiError(response.status, null, 'invalid-response');
      return parsed.data as CallOutput<typeof route>;
    },
  };
}

let configuredClient: ApiClient | null = null;

/** Set once at start by the app (it knows the config and how to get tokens). */
export function configureApiClient(client: ApiClient): void {
  configuredClient = client;
}

/** The site's client, for the features' `api/` fetchers. */
export const api: ApiClient = {
  call(route, input) {
    if (!configuredClient) throw new Error('The API client is used before configureApiClient()');
    return configuredClient.call(route, input);
  },
};
