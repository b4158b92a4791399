import middy from '@middy/core';
import httpCors from '@middy/http-cors';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import type { RouteDefinition, ServiceArea } from '@app/shared/api';
import { routeIndexOf } from '@app/shared/api/route-index';
import { getConfig } from '../config';
import { ANONYMOUS, authContextFromClaims, type AuthContext, type Claims } from './auth-context';
import { errorReplyOf } from './error-response';
import { message } from '@app/shared/messages/message';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError, type FieldIssue } from './errors';
import { languageOfHeaders } from './messages';
import { parseJsonBody, parsePart, readRawBody, repeatedQueryIssues } from './request-parsing';
import {
  buildCostRecord,
  costLogFields,
  meterRequestCost,
  saveCostRecord,
  type CostRecordSink,
} from './cost-recorder';
import { createRequestLogger, logger, metrics } from './observability';
import { currentRequestScope, newRequestScope, runInRequestScope, type RequestScope } from './request-scope';
import { isReply, type AreaImplementations, type RouteRequest } from './route-types';
import { bearerTokenOf, createTokenVerifier, type VerifyAccessToken } from './token-verifier';
import { sessionRefusalOf, type ReadSessionState } from './session-check';
import type { HttpEvent, HttpResult } from './http-event';

type Middleware = middy.MiddlewareObj<HttpEvent, HttpResult, Error, Context>;
type Implementation<Deps> = (request: RouteRequest<RouteDefinition>, deps: Deps) => Promise<unknown>;

/** Headers on every API response. */
const BASE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

function scope(): RequestScope {
  const current = currentRequestScope();
  if (!current) throw new Error('no request scope: call the handler returned by createAreaHandler');
  return current;
}

/** Resolves the route from the API Gateway route key, so the router and the contract cannot disagree. */
function routeResolver(area: ServiceArea, routes: Record<string, RouteDefinition>): Middleware {
  const findRouteByKey = routeIndexOf(Object.values(routes));
  return {
    name: 'route-resolver',
    before: (request) => {
      const route = findRouteByKey(request.event.routeKey);
      if (!route || route.area !== area) {
        throw new NotFoundError(message('REQUEST_ROUTE_NOT_FOUND'));
      }
      scope().route = route;
    },
  };
}

/**
 * Builds the caller from verified claims; refuses what the route's access rule does not allow, and a
 * token of a deleted account or of an ended session (session-check.ts), on every route that reads one.
 */
function authenticator(verifier: () => VerifyAccessToken, readSessionState: ReadSessionState): Middleware {
  return {
    name: 'authenticator',
    before: async (request) => {
      const route = scope().route as RouteDefinition;
      let auth: AuthContext = ANONYMOUS;
      let claims: Claims | undefined;
      if (route.access === 'user' || route.access === 'admin') {
        // API Gateway's JWT authorizer (or the local stack's equivalent) verified the token already.
        claims = request.event.requestContext.authorizer?.jwt?.claims;
        if (!claims) throw new UnauthorizedError(message('AUTH_SIGN_IN_REQUIRED'));
      } else if (route.access === 'optional-user') {
        // No authorizer on these routes (it would refuse token-less demo visitors): verify here.
        const token = bearerTokenOf(request.event.headers ?? {});
        if (token) {
          const verified = await verifier()(token);
          if (!verified.ok) throw new UnauthorizedError(message('AUTH_TOKEN_INVALID'));
          claims = verified.claims;
        }
      }
      if (claims) {
        const result = authContextFromClaims(claims);
        if ('reason' in result) throw new UnauthorizedError(message('AUTH_TOKEN_INVALID'));
        auth = result.auth;
        const refusal =
          auth.kind === 'user' &&
          (await sessionRefusalOf(
            auth.userId,
            claims,
            readSessionState,
            Date.now(),
            getConfig().SESSION_STATE_CACHE_SECONDS,
          ));
        if (refusal) {
          logger.info('token refused', { reason: refusal });
          throw new UnauthorizedError(message('AUTH_TOKEN_INVALID'));
        }
      }
      if (auth.kind === 'user') {
        scope().userId = auth.userId;
        scope().logger?.appendPersistentKeys({ user_id: auth.userId });
      }
      if (route.access === 'admin' && !(auth.kind === 'user' && auth.isAdmin)) {
        logger.warn('admin route refused', { caller_id: auth.kind === 'user' ? auth.userId : null });
        throw new ForbiddenError(message('AUTH_ADMIN_REQUIRED'));
      }
      scope().auth = auth;
    },
  };
}

/** Turns any error into the one error body, and logs and meters every request once. */
function responder(recordCost: CostRecordSink | undefined): Middleware {
  const finish = (status: number) => {
    const current = scope();
    const latency = performance.now() - current.startedAt;
    metrics.addDimensions({ route: current.routeKey, tier: current.tier });
    metrics.addMetric('Requests', MetricUnit.Count, 1);
    metrics.addMetric('Latency', MetricUnit.Milliseconds, latency);
    if (status >= 500) metrics.addMetric('Faults', MetricUnit.Count, 1);
    const cost = meterRequestCost(current, latency);
    metrics.publishStoredMetrics();
    logger.info('request completed', {
      status,
      latency_ms: Math.round(latency * 100) / 100,
      tier: current.tier,
      read_capacity_units: current.readCapacityUnits,
      write_capacity_units: current.writeCapacityUnits,
      ...costLogFields(cost),
    });
    return saveCostRecord(buildCostRecord(current, status, latency, cost, new Date()), recordCost);
  };
  return {
    name: 'responder',
    after: (request) => finish(request.response?.statusCode ?? 200),
    onError: (request) => {
      const requestId = scope().requestId;
      const reply = errorReplyOf(request.error, requestId, scope().language);
      if (reply.fault)
        logger.error('request failed', { error: request.error as Error, status: reply.status });
      else logger.info('request refused', { status: reply.status, code: reply.body.code });
      request.response = {
        statusCode: reply.status,
        headers: { ...BASE_HEADERS, ...reply.headers, 'X-Request-Id': requestId },
        body: JSON.stringify(reply.body),
      };
      return finish(reply.status);
    },
  };
}

export interface AreaHandlerOptions<Deps> {
  /** Built once per cold start, on the first request (repositories, clients, clock). */
  createDeps: () => Deps;
  /** Injected by tests; otherwise built from the config. */
  verifier?: VerifyAccessToken;
  /** Whether a verified token's account exists and since when its sessions are ended (data/session-states.ts). */
  readSessionState: ReadSessionState;
  /** Where each request's cost record goes (the usage table locally); none: metrics and logs only. */
  recordCost?: CostRecordSink;
}

/**
 * One Lambda entry per service area: the middy stack every area shares (header normalisation, CORS,
 * route resolution, authentication, validation with the contract's schemas, error mapping, logs and
 * metrics), dispatching on the API Gateway route key to the area's implementation of each route.
 * `routes` is the area's own part of the contract (`@app/shared/api/areas/<area>`): a function imports
 * and builds the schemas of its routes only, never the whole contract (docs/architecture.md).
 */
export function createAreaHandler<Routes extends Record<string, RouteDefinition>, Deps>(
  area: ServiceArea,
  routes: Routes,
  implementations: AreaImplementations<NoInfer<Routes>, Deps>,
  options: AreaHandlerOptions<Deps>,
) {
  const areaRoutes = routes as Record<string, RouteDefinition>;
  const byRouteId = new Map<string, Implementation<Deps>>();
  for (const [key, route] of Object.entries(areaRoutes)) {
    const implementation = (implementations as unknown as Record<string, Implementation<Deps> | undefined>)[
      key
    ];
    if (!implementation) throw new Error(`${area} service has no implementation for ${route.id}`);
    byRouteId.set(route.id, implementation);
  }

  let deps: Deps | undefined;
  let verifier = options.verifier;
  const getVerifier = (): VerifyAccessToken => {
    if (!verifier) {
      const config = getConfig();
      verifier = createTokenVerifier({
        issuer: config.jwtIssuer,
        jwksUrl: config.jwksUrl,
        clientIds: config.USER_POOL_CLIENT_IDS,
      });
    }
    return verifier;
  };

  const dispatch = async (event: HttpEvent): Promise<HttpResult> => {
    const current = scope();
    const route = current.route as RouteDefinition;
    const config = getConfig();
    const issues: FieldIssue[] = [];
    const params = parsePart(route.params, event.pathParameters ?? {}, 'params', issues);
    if (route.query) issues.push(...repeatedQueryIssues(event.rawQueryString));
    const query = parsePart(route.query, event.queryStringParameters ?? {}, 'query', issues);
    const body = route.body
      ? parsePart(
          route.body,
          parseJsonBody(event, route.maxBodyBytes ?? config.MAX_BODY_BYTES),
          'body',
          issues,
        )
      : undefined;
    if (issues.length > 0) throw new ValidationError(issues);

    deps ??= options.createDeps();
    const implementation = byRouteId.get(route.id) as Implementation<Deps>;
    const result = await implementation(
      {
        params: params as never,
        query: query as never,
        body: body as never,
        auth: current.auth ?? ANONYMOUS,
        headers: (event.headers ?? {}) as Record<string, string>,
        readRawBody: () => readRawBody(event, route.maxBodyBytes ?? config.MAX_BODY_BYTES),
        requestId: current.requestId,
        sourceIp: event.requestContext?.http?.sourceIp ?? 'unknown',
        route,
        language: current.language,
      },
      deps,
    );
    const reply = isReply(result) ? result.reply : { status: route.successStatus ?? 200, body: result };
    let payload = reply.body;
    if (config.VALIDATE_RESPONSES) {
      const checked = route.response.safeParse(payload);
      if (!checked.success) {
        logger.error('response does not match the contract', { issues: checked.error.issues.slice(0, 5) });
        throw new Error(`response of ${route.id} does not match the contract`);
      }
      payload = checked.data;
    }
    return {
      statusCode: reply.status,
      headers: { ...BASE_HEADERS, ...(reply.headers ?? {}), 'X-Request-Id': current.requestId },
      body: JSON.stringify(payload),
    };
  };

  const stack = middy<HttpEvent, HttpResult, Error, Context>()
    .use(httpHeaderNormalizer() as Middleware)
    .use(
      httpCors({
        origins: getConfig().ALLOWED_ORIGINS,
        headers: 'Authorization,Content-Type,Idempotency-Key',
        methods: 'GET,POST,PATCH,DELETE,OPTIONS',
        maxAge: 600,
      }) as Middleware,
    )
    .use(responder(options.recordCost))
    .use(routeResolver(area, areaRoutes))
    .use(authenticator(getVerifier, options.readSessionState))
    .handler((event) => dispatch(event));

  return async (event: HttpEvent, context: Context): Promise<HttpResult> => {
    const requestId = event.requestContext?.requestId ?? context.awsRequestId;
    const requestScope = newRequestScope(requestId, event.routeKey, languageOfHeaders(event.headers));
    // Every line this request logs carries its id, route and Lambda context (user id once known).
    requestScope.logger = createRequestLogger({ request_id: requestId, route: event.routeKey }, context);
    return runInRequestScope(requestScope, () => stack(event, context));
  };
}
