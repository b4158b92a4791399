import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { configureApiClient, createApiClient } from '../api/api-client';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type FakeAnswer = { status?: number; body: unknown } | undefined;

/** An answer, or a promise of one (an answer the test holds back). */
export type FakeRoute = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * An error answer as the API words it: a test that gives only `error` and `code` gets a message code
 * no build knows (so the site shows the body's `error`, as for a newer server) and no parameters.
 */
function withMessageCode(answer: { status?: number; body: unknown }): unknown {
  const body = answer.body;
  if ((answer.status ?? 200) < 400 || typeof body !== 'object' || body === null || 'message_code' in body)
    return body;
  return { message_code: 'TEST_CODE_UNKNOWN_TO_THE_SITE', params: {}, ...body };
}

/**
 * Points the site's API client at a fake server; returns the requests it received. `onUnauthorized` is the
 * client's session-end callback (none by default).
 */
export function installFakeApi(
  route: FakeRoute,
  { onUnauthorized = () => undefined }: { onUnauthorized?: (status: number) => void } = {},
): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const fakeFetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    requests.push(request);
    const answer = (await route(request)) ?? {
      status: 404,
      body: { error: 'not found', code: 'NOT_FOUND', message_code: 'REQUEST_ROUTE_NOT_FOUND', params: {} },
    };
    return new Response(JSON.stringify(withMessageCode(answer)), { status: answer.status ?? 200 });
  });
  configureApiClient(
    createApiClient({
      apiUrl: '/api',
      getAccessToken: async () => 'token',
      onUnauthorized,
      fetch: fakeFetch as unknown as typeof fetch,
    }),
  );
  return requests;
}

export function withQueryClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}
