import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

/**
 * Every answer of the Stripe-format server checked against Stripe's published OpenAPI schema
 * (`stripe-schemas.json`, an excerpt made by tests/scripts/stripe-schema-subset.ts; README.md in this
 * folder says which version and which objects it covers). An object whose `object` names a schema of
 * the excerpt is validated, a list item by item, an error answer against `error`, an event as an
 * event and its `data.object` as its own type.
 *
 * Stripe's schemas are OpenAPI 3.0, not plain JSON Schema; ajv reads them with:
 * - `strict: false`, so Stripe's own keywords (`x-expandableFields`, `x-expansionResources`,
 *   `x-resourceId`, `x-stripeBypassValidation`) are ignored instead of rejected;
 * - `validateFormats: false`: `unix-time` and `decimal` are Stripe's names, not formats ajv knows;
 * - `nullable`, which ajv understands beside a `type` only: a nullable `anyOf` (how Stripe writes a
 *   nullable expandable or object field) gets a `{ type: 'null' }` branch instead, and a nullable `enum`
 *   lists `null` (ajv checks the enum before it lets `null` through).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const SUBSET: unknown = JSON.parse(readFileSync(new URL('./stripe-schemas.json', import.meta.url), 'utf8'));

function forAjv(node: Json, key = ''): Json {
  if (Array.isArray(node)) return node.map((item) => forAjv(item));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [name, value] of Object.entries(node)) out[name] = forAjv(value, name);
  if (key === 'properties' || out.nullable !== true) return out;
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  if (out.type === undefined) {
    const { nullable: _nullable, anyOf, ...rest } = out;
    return { ...rest, anyOf: [...(Array.isArray(anyOf) ? anyOf : [{}]), { type: 'null' }] };
  }
  return out;
}

function validators(): Map<string, ValidateFunction> {
  if (!isObject(SUBSET) || !Array.isArray(SUBSET.roots) || !isObject(SUBSET.components)) {
    throw new Error('stripe-schemas.json is not a schema excerpt');
  }
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ components: forAjv(SUBSET.components) }, 'stripe');
  const found = new Map<string, ValidateFunction>();
  for (const root of SUBSET.roots) {
    const validate = ajv.getSchema(`stripe#/components/schemas/${String(root)}`);
    if (!validate) throw new Error(`stripe-schemas.json has no schema ${String(root)}`);
    found.set(String(root), validate);
  }
  return found;
}

const VALIDATORS = validators();

/** The Stripe objects this excerpt checks, by their `object` name. */
export const CHECKED_OBJECTS: readonly string[] = [...VALIDATORS.keys()];

export interface SchemaCheck {
  /** How many objects were validated against a schema. */
  validated: number;
  /** Each object that broke its schema: where, and ajv's complaint. */
  problems: string[];
}

function check(result: SchemaCheck, schema: string, value: unknown, where: string): void {
  const validate = VALIDATORS.get(schema);
  if (!validate) return;
  result.validated += 1;
  if (validate(value)) return;
  const errors = (validate.errors ?? []).map(
    (error) => `${error.instancePath || '/'} ${error.message ?? ''}`,
  );
  result.problems.push(`${where} (${schema}): ${errors.slice(0, 5).join('; ')}`);
}

function checkObject(result: SchemaCheck, value: unknown, where: string): void {
  if (!isObject(value) || typeof value.object !== 'string') return;
  if (value.object === 'list' && Array.isArray(value.data)) {
    value.data.forEach((item, index) => checkObject(result, item, `${where} data[${index}]`));
    return;
  }
  if (value.deleted === true) return;
  check(result, value.object, value, where);
  if (value.object === 'event' && isObject(value.data))
    checkObject(result, value.data.object, `${where} data`);
}

/** Checks one answer of the server: `status` 400 and over is an error body. */
export function checkAnswer(status: number, body: unknown, where: string): SchemaCheck {
  const result: SchemaCheck = { validated: 0, problems: [] };
  if (status >= 400) check(result, 'error', body, where);
  else checkObject(result, body, where);
  return result;
}
