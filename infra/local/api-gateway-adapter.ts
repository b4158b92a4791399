import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'aws-lambda';
import { matchRoute, routeKeyOf, type RouteDefinition, type ServiceArea } from '@app/shared/api';
import type { HttpEvent, HttpResult } from '@app/functions/platform/http-event';
import { bearerTokenOf, type VerifyAccessToken } from '@app/functions/platform/token-verifier';
import { messageBody } from '@app/functions/platform/error-response';
import { languageOfHeaders } from '@app/functions/platform/messages';
import { message } from '@app/shared/messages/message';
import type { RateLimiter } from './rate-limiter';
import type { SignInLimiter } from './sign-in-limiter';
import { lambdaContext } from './lambda-context';

export type AreaHandler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

/** API Gateway refuses bodies over 10 MB; we stop reading far earlier, the handlers refuse over 64 KB. */
const MAX_READ_BYTES = 2 * 1024 * 1024;

export interface AdapterOptions {
  handlers: Record<ServiceArea, AreaHandler>;
  verifyAccessToken: VerifyAccessToken;
  /** Called for every request that reached a handler, with its route and latency (cost records, bench). */
  onRequestCompleted?: (details: { route: RouteDefinition; status: number; latencyMs: number }) => void;
  /** Per-caller throttling at the CDK's numbers (rate-limiter.ts); absent, nothing is throttled. */
  rateLimiter?: RateLimiter;
  /** Slows repeated failed sign-ins per account and client address (sign-in-limiter.ts); absent, nothing is counted. */
  signInLimiter?: SignInLimiter;
}

const SIGN_IN_ROUTE_ID = 'auth.login';
/** Retry-After of a 503 when the token cannot be checked (the same 5 s a handler gives with DynamoDB down). */
const AUTHORIZER_RETRY_AFTER_SECONDS = 5;

/** The e-mail of a sign-in body, or null when the body is not one (the handler answers 400 then). */
function signInAccountOf(body: Buffer): string | null {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown;
    const email =
      typeof parsed === 'object' && parsed !== null ? (parsed as { email?: unknown }).email : null;
    return typeof email === 'string' && email.length <= 254 ? email : null;
  } catch {
    return null;
  }
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  response.end(JSON.stringify(body));
}

/** A 429 with its wait, in the body and in Retry-After: the request limiter's and the sign-in lock's. */
function sendRateLimited(
  response: ServerResponse,
  code: 'REQUEST_RATE_LIMITED' | 'AUTH_SIGN_IN_LOCKED',
  retryAfterSeconds: number,
  language: ReturnType<typeof languageOfHeaders>,
  requestId: string,
): void {
  send(
    response,
    429,
    {
      ...messageBody('RATE_LIMITED', message(code, { count: retryAfterSeconds }), language, requestId),
      retry_after_seconds: retryAfterSeconds,
    },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

async function readBody(request: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_READ_BYTES) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Header values as API Gateway passes them to a Lambda: lower-case names, repeated values comma-joined. */
function headersOf(request: IncomingMessage): Record<string, string> {
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(',') : value);
  }
  return Object.fromEntries(headers);
}

/**
 * Query parameters as API Gateway HTTP APIs pass them: repeated names comma-joined. Built from entries
 * so a parameter named `__proto__` stays an own property (as in the cloud's JSON event) and the
 * contract's strict schema refuses it, instead of being swallowed by an assignment to the prototype.
 */
function queryOf(searchParams: URLSearchParams): Record<string, string> | undefined {
  const query = new Map<string, string>();
  for (const [name, value] of searchParams) {
    const previous = query.get(name);
    query.set(name, previous === undefined ? value : `${previous},${value}`);
  }
  return query.size > 0 ? Object.fromEntries(query) : undefined;
}

/** Claims as API Gateway's JWT authorizer hands them over: every value a string, arrays bracketed. */
export function claimsAsGatewayPassesThem(claims: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(claims).map(([name, value]) => [
      name,
      Array.isArray(value)
        ? `[${value.join(' ')}]`
        : typeof value === 'string'
          ? value
          : JSON.stringify(value),
    ]),
  );
}

/**
 * Whom a throttling bucket belongs to: the verified user (the token of an optional-user route is checked
 * here only for that, the handler verifies it again), else the client IP.
 */
async function callerKeyOf(
  request: IncomingMessage,
  headers: Record<string, string>,
  authorizer: HttpEvent['requestContext']['authorizer'],
  route: RouteDefinition,
  verifyAccessToken: VerifyAccessToken,
): Promise<string> {
  const verifiedSub = authorizer?.jwt?.claims?.sub;
  if (typeof verifiedSub === 'string') return `user:${verifiedSub}`;
  const token = route.access === 'optional-user' ? bearerTokenOf(headers) : null;
  if (token) {
    const verified = await verifyAccessToken(token).catch(() => null);
    if (verified?.ok && typeof verified.claims.sub === 'string') return `user:${verified.claims.sub}`;
  }
  return `ip:${request.socket.remoteAddress ?? 'unknown'}`;
}

/**
 * Serves the contract's routes the way API Gateway does in the cloud: matches the route key, verifies
 * the JWT on protected routes before any handler runs (401 otherwise), builds the same HTTP API v2
 * event, and calls the area's Lambda handler.
 */
export function createApiGatewayAdapter(options: AdapterOptions) {
  return async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = (request.method ?? 'GET').toUpperCase();
    const headers = headersOf(request);
    if (method === 'OPTIONS') {
      response.writeHead(204, { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
      response.end();
      return;
    }
    const requestId = randomUUID();
    // The gateway's own refusals carry the platform's body, in the caller's language.
    const language = languageOfHeaders(headers);
    const matched = matchRoute(method, url.pathname);
    if (!matched || 'methodNotAllowed' in matched) {
      send(response, 404, messageBody('NOT_FOUND', message('REQUEST_ROUTE_NOT_FOUND'), language, requestId));
      return;
    }
    const { route, pathParameters } = matched;
    let authorizer: HttpEvent['requestContext']['authorizer'];
    if (route.access === 'user' || route.access === 'admin') {
      const token = bearerTokenOf(headers);
      let verified: Awaited<ReturnType<VerifyAccessToken>> | null;
      try {
        verified = token ? await options.verifyAccessToken(token) : null;
      } catch {
        // The key set is out of reach: our fault, not the caller's, and brief, as a handler says when
        // DynamoDB is down.
        send(
          response,
          503,
          messageBody('SERVICE_UNAVAILABLE', message('SERVICE_UNAVAILABLE'), language, requestId),
          { 'Retry-After': String(AUTHORIZER_RETRY_AFTER_SECONDS) },
        );
        return;
      }
      if (!verified?.ok) {
        send(
          response,
          401,
          messageBody('UNAUTHORIZED', message('AUTH_SIGN_IN_REQUIRED'), language, requestId),
          { 'WWW-Authenticate': 'Bearer' },
        );
        return;
      }
      authorizer = { jwt: { claims: claimsAsGatewayPassesThem(verified.claims), scopes: null } };
    }
    if (options.rateLimiter) {
      const decision = options.rateLimiter.take(
        await callerKeyOf(request, headers, authorizer, route, options.verifyAccessToken),
        route.rateClass,
      );
      if (!decision.allowed) {
        sendRateLimited(response, 'REQUEST_RATE_LIMITED', decision.retryAfterSeconds, language, requestId);
        return;
      }
    }
    const body = await readBody(request);
    if (body === 'too-large') {
      // The rest of the body was never read: this connection cannot carry another request.
      send(
        response,
        413,
        messageBody(
          'PAYLOAD_TOO_LARGE',
          message('REQUEST_BODY_TOO_LARGE', { maximum: MAX_READ_BYTES }),
          language,
          requestId,
        ),
        { Connection: 'close' },
      );
      return;
    }
    const signInAccount =
      options.signInLimiter && route.id === SIGN_IN_ROUTE_ID ? signInAccountOf(body) : null;
    const address = request.socket.remoteAddress ?? 'unknown';
    if (options.signInLimiter && signInAccount !== null) {
      const decision = await options.signInLimiter.check(signInAccount, address);
      if (!decision.allowed) {
        sendRateLimited(response, 'AUTH_SIGN_IN_LOCKED', decision.retryAfterSeconds, language, requestId);
        return;
      }
    }
    const now = new Date();
    const routeKey = routeKeyOf(route);
    const event: HttpEvent = {
      version: '2.0',
      routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      headers,
      queryStringParameters: queryOf(url.searchParams),
      pathParameters: Object.keys(pathParameters).length > 0 ? pathParameters : undefined,
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: headers.host ?? '127.0.0.1',
        domainPrefix: 'local',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${request.httpVersion}`,
          sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId,
        routeKey,
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
        ...(authorizer ? { authorizer } : {}),
      },
      body: body.length > 0 ? body.toString('utf8') : undefined,
      isBase64Encoded: false,
    };
    const startedAt = performance.now();
    const result = await options.handlers[route.area](event, lambdaContext(route.area, requestId));
    const status = result.statusCode ?? 200;
    options.onRequestCompleted?.({ route, status, latencyMs: performance.now() - startedAt });
    if (options.signInLimiter && signInAccount !== null) {
      // A wrong password, or a wrong authenticator code (guessing codes is brute force too).
      const failed =
        status === 401 || (status === 400 && (result.body ?? '').includes('AUTH_TOTP_CODE_WRONG'));
      if (failed) await options.signInLimiter.recordFailure(signInAccount, address);
      if (status === 200) await options.signInLimiter.recordSuccess(signInAccount, address);
    }
    const resultHeaders = Object.fromEntries(
      Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]),
    );
    response.writeHead(status, resultHeaders);
    response.end(result.body ?? '');
  };
}
