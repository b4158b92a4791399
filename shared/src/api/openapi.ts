import * as z from 'zod';
import { ApiErrorSchema } from '../domain/entities/errors';
import { ROUTES } from './contract';
import type { RouteDefinition } from './route';

type JsonSchema = Record<string, unknown>;

const STANDARD_ERRORS: Record<number, string> = {
  400: 'Bad input; `issues` names each bad field.',
  401: 'Missing, invalid or expired token.',
  403: 'Not allowed for this caller or tier.',
  404: 'Not found.',
  409: 'Conflict with the current state.',
  413: 'Request body too large.',
  422: 'Idempotency key reused with a different body.',
  429: 'Too many requests; see Retry-After.',
  500: 'Unexpected fault; carries a request id.',
  503: 'A dependency is unavailable; retry later.',
};

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' ? true : required.has(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

function securityOf(route: RouteDefinition): JsonSchema[] | undefined {
  switch (route.access) {
    case 'public':
      return [];
    case 'optional-user':
      return [{}, { cognito: [] }];
    case 'user':
    case 'admin':
      return [{ cognito: [] }];
  }
}

function operationOf(route: RouteDefinition): JsonSchema {
  const errorStatuses = new Set<number>([400, 429, 500, 503, ...(route.errors ?? [])]);
  if (route.access !== 'public') errorStatuses.add(401);
  if (route.access === 'admin' || route.access === 'user') errorStatuses.add(403);
  if (route.body) errorStatuses.add(413);
  const responses: Record<string, JsonSchema> = {
    [String(route.successStatus ?? 200)]: {
      description: 'Success',
      content: { 'application/json': { schema: toSchema(route.response, 'output') } },
    },
  };
  for (const status of [...errorStatuses].sort((a, b) => a - b)) {
    responses[String(status)] = {
      description: STANDARD_ERRORS[status] ?? 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    };
  }
  const parameters = [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')];
  if (route.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'A retry with the same key returns the first answer and has no second effect.',
      schema: { type: 'string', minLength: 8, maxLength: 128 },
    });
  }
  return {
    operationId: route.id,
    // The spec's group (`ai` for /api/ai/*), not the area serving it: the tag is the operation id's prefix.
    tags: [route.id.slice(0, route.id.indexOf('.'))],
    summary: route.summary,
    'x-access': route.access,
    'x-rate-class': route.rateClass,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(route.body, 'input') } },
          },
        }
      : {}),
    responses,
    ...(securityOf(route) ? { security: securityOf(route) } : {}),
  };
}

/** The OpenAPI 3.1 document of the contract. Deterministic, so a test can compare it with the file. */
export function buildOpenApiDocument(routes: readonly RouteDefinition[] = ROUTES): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Nugget Invest API',
      version: '0.1.0',
      description:
        'Generated from the shared contract (shared/src/api). Do not edit by hand: run `npm run openapi`.',
    },
    servers: [{ url: '/' }],
    tags: ['public', 'auth', 'ai', 'subscription', 'portfolio', 'admin'].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: toSchema(ApiErrorSchema, 'output') },
      securitySchemes: {
        cognito: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A Cognito access token; ADMIN routes need the ADMIN group in cognito:groups.',
        },
      },
    },
  };
}
