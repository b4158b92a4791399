import type { HttpEvent } from '../platform/http-event';
import type { SessionState } from '../platform/session-check';

/** An API Gateway HTTP API (payload 2.0) event for a route key, as the handler tests send it. */
export function event(routeKey: string, overrides: Partial<HttpEvent> = {}): HttpEvent {
  const [method, path] = routeKey.split(' ') as [string, string];
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'test',
      domainPrefix: 'test',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'req-1',
      routeKey,
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
    ...overrides,
  } as HttpEvent;
}

/** Every account exists and no session was ended: for handler tests that are not about sessions. */
export const activeSessions = async (): Promise<SessionState> => ({ exists: true, revokedAt: null });
