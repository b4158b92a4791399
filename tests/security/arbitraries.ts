import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries from the contract's zod schemas. There is no zod-fast-check for zod 4, so the
 * schema goes through zod's own JSON Schema export (`z.toJSONSchema(schema, { io: 'input' })`: what a
 * client may send) and a small converter for the subset the contract uses: object (strict), string
 * (min/max length, pattern, email/date/date-time formats), number and integer (bounds, exclusive
 * bounds), boolean, null, enum, const, array, anyOf/oneOf and nullable type lists.
 *
 * A generated value is a candidate, not a promise: JSON Schema cannot say everything zod checks
 * (transforms, pipes, refinements), so the tests ask the zod schema itself whether a candidate is
 * valid and expect the API to agree.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

/** Arrays and free strings stay short: a valid case tests meaning, the oversized cases test size. */
const MAX_GENERATED_ITEMS = 8;
const MAX_GENERATED_LENGTH = 40;

export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
}

function isoDateArbitrary(): fc.Arbitrary<Date> {
  return fc.date({
    min: new Date('1990-01-01T00:00:00Z'),
    max: new Date('2035-12-31T00:00:00Z'),
    noInvalidDate: true,
  });
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, MAX_GENERATED_LENGTH);
  const withinLength = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (schema.format === 'date') return isoDateArbitrary().map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return isoDateArbitrary().map((date) => date.toISOString());
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(withinLength);
  if (schema.format === 'email') return fc.emailAddress().filter(withinLength);
  const bounded = { minLength, maxLength: Math.min(maxLength, minLength + MAX_GENERATED_LENGTH) };
  return fc.oneof(fc.string(bounded), fc.string({ ...bounded, unit: 'grapheme' }));
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
  if (integer) {
    const low = Math.ceil(schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : min);
    const high = Math.floor(schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : max);
    return fc.integer({ min: low, max: high });
  }
  return fc.double({
    min,
    max,
    minExcluded: schema.exclusiveMinimum !== undefined,
    maxExcluded: schema.exclusiveMaximum !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** An arbitrary of values that JSON Schema `schema` accepts. */
export function arbitraryFromJsonSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(arbitraryFromJsonSchema));
  if (Array.isArray(schema.type))
    return fc.oneof(...schema.type.map((type) => arbitraryFromJsonSchema({ ...schema, type })));
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties))
        model[name] = arbitraryFromJsonSchema(property);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(
        schema.maxItems ?? minLength + MAX_GENERATED_ITEMS,
        minLength + MAX_GENERATED_ITEMS,
      );
      return fc.array(arbitraryFromJsonSchema(schema.items ?? {}), { minLength, maxLength });
    }
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Candidates for a zod schema: from its input JSON Schema, and from its output JSON Schema too (a
 * transformed field such as `tier`, whose output is an enum, then gets values the schema accepts).
 */
export function candidateArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  const input = arbitraryFromJsonSchema(jsonSchemaOf(schema, 'input'));
  let output: fc.Arbitrary<unknown> | null = null;
  try {
    output = arbitraryFromJsonSchema(jsonSchemaOf(schema, 'output'));
  } catch {
    output = null;
  }
  return output ? fc.oneof(input, output) : input;
}

/** Draws `count` values, reproducibly for a seed. */
export function sampleOf<T>(arbitrary: fc.Arbitrary<T>, count: number, seed: number): T[] {
  return fc.sample(arbitrary, { numRuns: count, seed });
}
